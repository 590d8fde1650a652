import type { EngineState } from '../render/index.js';
import type { DirectionSample } from '../direction/index.js';
import type { SparseVector } from '../text/index.js';
import type { CairnMessage, Fidelity } from '../log/index.js';
import { pageSnapshot } from '../pages/index.js';
import { playbookRuntimeToJSON, type PlaybookRuntimeSnapshot } from '../playbook/index.js';
import { backgroundMemoToJSON, type BackgroundMemoJson } from '../render/index.js';

/** Identifies cairn engine snapshots. */
export const SNAPSHOT_FORMAT = 'cairn.engine-snapshot';
/** The snapshot version this package writes and reads. */
export const SNAPSHOT_VERSION = 1;

/** A sparse vector as JSON: term ids and weights. */
export interface VectorJson {
  ids: number[];
  weights: number[];
}

/** A unit's persistent decision as JSON. */
export interface UnitStateJson {
  id: string;
  fidelity: Fidelity;
  placeholderSince: number;
  score: number;
  scoredTurn: number;
  causalForced: boolean;
}

/**
 * The whole state of an engine, JSON-serialisable and versioned: the log (every original
 * message and its token count), every unit's fidelity decision, the direction, and the
 * vocabulary its vectors refer to. Restore it with `restoreContextEngine`.
 */
export interface EngineSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  sessionId: string;
  tokenCounterId: string;
  messages: CairnMessage[];
  tokens: number[];
  vocabulary: string[];
  units: UnitStateJson[];
  pinned: string[];
  summaries: [string, string][];
  turn: number;
  lastBudget: number;
  lastView: string[];
  lastViewTokens: number;
  regradedTurn: number;
  normalisers: { intent: number; keyword: number };
  lastSignature: string;
  unitsAtRescore: number;
  lastQuery: string | null;
  /** The dead-end registry (absent in snapshots written before it existed). */
  deadEnds?: import('../dead-ends/index.js').DeadEndSnapshot;
  /** Ids of explicitly registered dead ends. */
  registeredDeadEnds?: string[];
  /** Ids of dead ends preloaded from the tenant's pool. */
  preloadedDeadEnds?: string[];
  /** The resource ledger (absent in snapshots written before it existed: restores as empty). */
  resources?: import('../sovereignty/index.js').ResourceTag[];
  /** Pages and zoom: consulted pages and the reasoning trace (absent before pages existed). */
  pages?: import('../pages/index.js').PageSnapshot;
  /** The playbook and its curator (absent in snapshots written before it, or without a playbook: learnt again from the log). */
  playbook?: PlaybookRuntimeSnapshot;
  /** Branches made under the engine (absent when none: restores as none). Open ones carry their own messages and branches. */
  branches?: import('./branch-registry.js').EngineBranchSnapshot[];
  /** The last Background_Context block, so a restored engine's next view is the live one's (absent when none, or before it existed: built afresh). */
  background?: BackgroundMemoJson;
  direction: { global: VectorJson; current: VectorJson; previous: VectorJson; scoredWith: VectorJson | null; history: DirectionSample[]; recent: VectorJson[] };
}

/** @internal */
export function vectorToJson(vector: SparseVector): VectorJson {
  return { ids: Array.from(vector.ids), weights: Array.from(vector.weights) };
}

/** Copies the engine's state into a snapshot. @internal */
export function buildSnapshot(state: EngineState): EngineSnapshot {
  const { log, direction } = state;
  const vocabulary: string[] = [];
  for (let id = 0; id < log.vectoriser.vocabulary.size; id++) vocabulary.push(log.vectoriser.vocabulary.termOf(id)!);
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    sessionId: state.options.sessionId,
    tokenCounterId: state.options.tokenCounter.id,
    messages: log.entries.map((entry) => entry.message),
    tokens: log.entries.map((entry) => entry.tokens),
    vocabulary,
    units: state.units.map((unit, index) => ({
      id: log.units[index]!.id,
      fidelity: unit.fidelity,
      placeholderSince: unit.placeholderSince,
      score: unit.score,
      scoredTurn: unit.scoredTurn,
      causalForced: unit.causalForced === true,
    })),
    pinned: [...state.pinned],
    summaries: [...state.summaries.entries()],
    turn: state.turn,
    lastBudget: state.lastBudget,
    lastView: [...state.lastView],
    lastViewTokens: state.lastViewTokens,
    regradedTurn: state.regradedTurn,
    normalisers: { ...state.normalisers },
    lastSignature: state.lastSignature,
    unitsAtRescore: state.unitsAtRescore,
    lastQuery: state.lastQuery ?? null,
    deadEnds: state.deadEnds.toJSON(),
    registeredDeadEnds: [...state.registeredDeadEnds],
    preloadedDeadEnds: [...state.preloadedDeadEnds],
    resources: state.resources.toJSON(),
    pages: pageSnapshot(state.pages),
    ...(state.playbook ? { playbook: playbookRuntimeToJSON(state.playbook) } : {}),
    ...(state.background ? { background: backgroundMemoToJSON(state.background) } : {}),
    direction: {
      global: vectorToJson(direction.global),
      current: vectorToJson(direction.current),
      previous: vectorToJson(direction.previous),
      scoredWith: direction.scoredWith ? vectorToJson(direction.scoredWith) : null,
      history: direction.history.map((sample) => ({ ...sample })),
      recent: direction.recent.map(vectorToJson),
    },
  };
}
