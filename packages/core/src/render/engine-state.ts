import type { DeadEndTracker } from '../dead-ends/index.js';
import type { DenseEmbeddings } from '../direction/index.js';
import type { DirectionTracker } from '../direction/index.js';
import type { ResolvedOptions } from '../options/index.js';
import type { Normalisers } from '../direction/index.js';
import type { SessionLog } from '../log/index.js';
import type { EnginePhase, Fidelity, ViewMessage } from '../log/index.js';
import type { UnitState } from '../log/index.js';
import type { ResourceLedger } from '../sovereignty/index.js';
import type { PageBook } from '../pages/index.js';

/** Everything an engine holds; what a snapshot saves. @internal */
export interface EngineState {
  options: ResolvedOptions;
  log: SessionLog;
  units: UnitState[];
  turn: number;
  phase: EnginePhase;
  direction: DirectionTracker;
  summaries: Map<string, string>;
  pinned: Set<string>;
  lastBudget: number;
  lastView: string[];
  lastViewTokens: number;
  regradedTurn: number;
  normalisers: Normalisers;
  lastSignature: string;
  unitsAtRescore: number;
  /** The query of the last assemble that had one. */
  lastQuery: string | undefined;
  /**
   * Supplies the "known dead ends" brief of a turn, within `maxTokens` (absent: no brief).
   * Its tokens are reserved before planning, so the lesson is never what gets cut.
   */
  brief?: (request: { maxTokens: number }) => ViewBrief | undefined;
  /** The dead-end registry and guard. */
  /** Ids of dead ends registered explicitly: always first in the brief. */
  registeredDeadEnds: Set<string>;
  /** Ids of dead ends preloaded from the tenant's pool (not published back). */
  preloadedDeadEnds: Set<string>;
  deadEnds: DeadEndTracker;
  /** The ACE playbook and its curator (absent with `playbook: { enabled: false }`). */
  playbook?: import('../playbook/index.js').PlaybookRuntime;
  /** Dense embeddings from an injected embedder (absent without one). */
  dense?: DenseEmbeddings;
  /** Pages and zoom (PCP): page ids, manifests, consulted pages, the reasoning trace. */
  pages: PageBook;
  /** The last render, reused from the first changed unit on. */
  renderCache?: RenderCache;
  /** The last Background_Context block, shown again on steady turns (in snapshots). */
  background?: import('./background-memo.js').BackgroundMemo;
  /** Explicit resource classes (tag / promote / pin) and their ledger (context sovereignty). */
  resources: ResourceLedger;
}

/** The brief a turn shows after the history. @internal */
export interface ViewBrief {
  /** The brief message's id. @default 'cairn:dead-ends' */
  id?: string;
  text: string;
  /** Log ids of the attempts it summarises. */
  sourceIds: readonly string[];
}

/**
 * The last render, kept so a steady turn re-renders only from the first unit that changed:
 * per unit, the fidelity and version it was rendered at and the index of its first message
 * (for a placeholder, its run's message); per message, the tokens of the view up to it.
 * @internal
 */
export interface RenderCache {
  fidelities: Fidelity[];
  versions: number[];
  firstMessage: number[];
  /** Tokens of the view before each unit's first message. */
  tokensAtUnit: number[];
  messages: ViewMessage[];
  tokens: number;
  /** Some unit was squeezed (budget fallback): its text depends on more than fidelity and version. */
  squeezed?: boolean;
}
