import type { DirectionSample } from '../direction/index.js';
import type { ScoreParts } from '../direction/index.js';
import type { CairnMessage, EnginePhase, Fidelity, ViewMessage, WorkPhase } from '../log/index.js';

export type { AssembleOptions } from '../options/index.js';

/** Why a unit got its fidelity this turn. */
export type DecisionReason =
  | 'passthrough'
  | 'mandatory:system'
  | 'mandatory:pinned'
  | 'mandatory:latest-user'
  | 'mandatory:hot'
  /** Consulted by the model (page view Detail): shown full until shelved or budget pressure takes it. */
  | 'mandatory:consulted'
  | 'kept'
  | 'selected'
  | 'causal-chain'
  | 'regraded'
  | 'compacted'
  | 'budget-fallback'
  /** Tagged REQUIRED: kept at least compressed (never a placeholder by choice). */
  | 'class:required';

/** The record of one unit's decision: what was cut and why. */
export interface UnitDecision {
  /** Id of the unit's lead message. */
  unitId: string;
  /** Ids of all log messages in the unit. */
  messageIds: readonly string[];
  score: number;
  fidelity: Fidelity;
  previous: Fidelity | undefined;
  reason: DecisionReason;
  /** Tokens of the unit at full fidelity. */
  fullTokens: number;
}

/** What `assemble` reports besides the messages. */
export interface AssembleMetadata {
  turn: number;
  /** Budget of this view, in tokens. */
  budget: number;
  /** Tokens of the view, by the engine's counter. */
  tokens: number;
  /** Tokens of the whole history at full fidelity. */
  historyTokens: number;
  /** `tokens / budget`. */
  usage: number;
  /** `passthrough`: the history fit under the passthrough level and is shown unchanged. */
  mode: 'passthrough' | 'curated';
  phase: EnginePhase;
  workPhase: WorkPhase;
  /** Units per fidelity. */
  counts: Record<Fidelity, number>;
  /** Whether every unit was rescored (direction moved) or only the new ones. */
  rescored: 'all' | 'new' | 'none';
  /** The threshold regrade pass ran this turn (at most once per turn, CAM INV-06). */
  regraded: boolean;
  /** Units degraded by the compaction tier this turn. */
  compacted: number;
  /** Repairs applied to render a valid view. */
  repairs: { unansweredCalls: string[]; orphanResults: string[] };
  /** The hot working set (unit ids), and how many units are only in the cold log. */
  layers: { hot: string[]; viewUnits: number; coldUnits: number };
  /** Semantic-context-graph edges between units the view shows (not placeholders). */
  graph: { from: string; to: string; kind: string }[];
  /** Messages at the start of this view identical to the previous view's (prompt-cache reuse). */
  stablePrefix: number;
  direction: DirectionSample;
  /** Per-unit decisions, in order. */
  decisions: UnitDecision[];
  /** Context sovereignty: the turn's vitality pulse, loop and threshold (zero tokens), units per resource class and the view's MDL quality (computed on first read). */
  sovereignty?: import('../sovereignty/index.js').SovereigntyMetadata;
  /** Dead-end steering (with `deadEndSteering: { enabled: true }`): the dead ends whose failed path scored lower this turn. */
  deadEnds?: { steered: import('../direction/index.js').SteeredDeadEnd[] };
}

/** The assembled view. */
export interface AssembleResult {
  messages: ViewMessage[];
  metadata: AssembleMetadata;
}

/** What the caller reports after the model answered. */
export interface AfterTurnInput {
  /** The model's new messages (and tool results), ingested now. */
  messages?: readonly CairnMessage[];
}

/** What `afterTurn` did. */
export interface AfterTurnResult {
  /** Estimated usage of the next view. */
  usage: number;
  /** Pressure passed the red level, so `compact` ran. */
  compacted: boolean;
  /** Context sovereignty: the vitality pulse of this turn (zero tokens). */
  metadata?: { sovereignty: import('../sovereignty/index.js').VitalityReport };
}

/** Options of `compact`. */
export interface CompactOptions {
  /** `auto` frees down to the yellow level; `aggressive` to half of it. @default 'auto' */
  strategy?: 'auto' | 'aggressive';
  /** @default the last assemble's budget */
  budget?: number;
}

/** What `compact` did. */
export interface CompactResult {
  /** Units degraded. */
  degraded: number;
  tokensBefore: number;
  tokensAfter: number;
}

/** The engine's direction state (CDA `getDirectionState`). */
export interface DirectionState {
  /** The strongest terms of the global intent. */
  globalIntent: string[];
  /** The strongest terms of the current direction. */
  direction: string[];
  /** 1 − cos(global intent, current direction). */
  drift: number;
  /** The latest step of the direction: its size |D_t − D_{t−1}| and its kind. */
  gradient: { size: number; kind: import('../direction/index.js').GradientKind };
  /** The engine's lifecycle phase. */
  phase: EnginePhase;
  workPhase: WorkPhase;
  /** Drift and gradient per turn. */
  history: readonly DirectionSample[];
  /** Live dead ends most relevant to the current direction. */
  deadEndMatches: import('../dead-ends/index.js').DeadEnd[];
  /** Hit patterns that are frequent, consistent and recent (hits ≥ 3, stdDev < 0.15, < 7 days). */
  hotExperiences: import('../dead-ends/index.js').HotExperience[];
}

/** Scores of a unit, by signal, for inspection. */
export type { ScoreParts };
