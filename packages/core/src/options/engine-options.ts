import type { PrefixOptions } from './prefix-options.js';
import type { Embedder } from './embedder.js';
import type { TokenCounter } from '../log/index.js';
import type { CairnMessage } from '../log/index.js';

/** Options of one `assemble` call. */
export interface AssembleOptions {
  /** What the model is about to work on (the user's question); steers intent and keyword match. */
  query?: string;
  /** Token budget of this view. @default the engine's `budget` */
  budget?: number;
  /** Tools the agent plans to call next (PAACE): units using them score higher. */
  plannedTools?: readonly string[];
  /** Task progress from the host, 0–1: steers the adaptive threshold when it is on (`sovereignty.adaptiveThreshold`). */
  progress?: number;
  /**
   * `'messages'`: the chat-message view. `'xml'`: the same view as one user message holding the
   * PCP `PagedContext` XML (registry with CURRENT_TIME, query, reasoning trace, linear flow of
   * page nodes), within the same budget.
   * @default 'messages'
   */
  format?: 'messages' | 'xml';
}

/** Weights of the scoring signals (CDA QTS + CAM). Normalised by the sum of active weights (INV-05). */
export interface ScoringWeights {
  /** Cosine of the unit with the turn's direction (query + session direction). */
  intentMatch: number;
  /** The unit's work phase equals the current one. */
  phaseMatch: number;
  /** The unit's tools were used recently or are planned. */
  toolRelevance: number;
  /** Closeness to the current focus in the semantic context graph. */
  causalProximity: number;
  /** Recency: halves every `halfLifeUnits` units. */
  temporalDecay: number;
  /** System > user > tool errors > assistant and tool output. */
  roleImportance: number;
  /** BM25 overlap of the unit with the turn's query. Active only when a query is given. */
  keywordOverlap: number;
  /** The unit's tools are in `plannedTools`. Active only when tools are planned. */
  planRelevance: number;
}

/** Default scoring weights. */
export const DEFAULT_WEIGHTS: Readonly<ScoringWeights> = Object.freeze({
  // Direction first (CDA's example weightings put intent match at 0.4–0.5), recency as one
  // signal among several rather than the strongest.
  intentMatch: 0.3,
  keywordOverlap: 0.3,
  toolRelevance: 0.1,
  causalProximity: 0.1,
  temporalDecay: 0.08,
  phaseMatch: 0.04,
  roleImportance: 0.04,
  planRelevance: 0.04,
});

/** Score thresholds that map a unit's score to a fidelity (CDA appendix A.2). */
export interface FidelityThresholds {
  /** At or above: `full`. @default 0.75 */
  keep: number;
  /** At or above (and below `keep`): `compressed`; below: `placeholder`. @default 0.25 */
  compress: number;
  /** A unit changes tier only when its score passes a threshold by this margin. @default 0.10 */
  hysteresis: number;
}

/** Default thresholds: keep 0.75, compress 0.25, hysteresis 0.10. */
export const DEFAULT_THRESHOLDS: Readonly<FidelityThresholds> = Object.freeze({ keep: 0.75, compress: 0.25, hysteresis: 0.1 });

/** Budget pressure levels (share of the budget the view uses) that drive regrade and compaction. */
export interface PressureLevels {
  /** Compaction frees the view down to this share, in one batch. @default 0.70 */
  yellow: number;
  /** Above this share the regrade pass runs, then compaction. @default 0.85 */
  red: number;
  /** Below this share of the (whole) budget the history passes through unchanged, the brief last, when it also fits beside the brief. @default 0.20 */
  passthrough: number;
}

/** Default pressure levels: passthrough 0.20, yellow 0.70, red 0.85. */
export const DEFAULT_PRESSURE: Readonly<PressureLevels> = Object.freeze({ yellow: 0.7, red: 0.85, passthrough: 0.2 });

/** The default token budget of a view when neither the engine nor `assemble` names one. */
export const DEFAULT_BUDGET = 32_000;
/** Default largest content accepted per message, in characters (16 MiB). */
export const DEFAULT_MAX_CONTENT_CHARS = 16 * 1024 * 1024;

export { defaultMaxDataChars } from '../log/index.js';
/** Default causal-chain protection: a unit placeholdered this many turns in a row is forced back to compressed once. */
export const DEFAULT_CAUSAL_CHAIN_TURNS = 3;
/** Default direction delta below which a turn is steady and only new units are scored. */
export const DEFAULT_DIRECTION_DELTA = 0.05;

/**
 * Summarises a unit's messages for compressed rendering, and a consolidated page's (its
 * messages, or its sub-pages' summaries for a merged page; then `instructions` and `pageId` are
 * set). Called in the background by `engine.summarize()` / `engine.summarizePages()`, never on the `assemble` path; never
 * given placeholders (INV-02).
 */
export type Summarizer = (input: {
  unitId: string;
  messages: readonly CairnMessage[];
  /**
   * Instructions the summary must follow, when cairn has its own for this call (a consolidated
   * page: core's `CONSOLIDATED_SUMMARY_INSTRUCTIONS`); use them as the system prompt instead of
   * the unit instructions. `undefined` for a unit.
   */
  instructions?: string;
  /** The consolidated page being summarised (`undefined` for a unit). */
  pageId?: string;
  /** Largest summary wanted, in tokens (a hint for the model's output limit; `undefined` for a unit). */
  maxTokens?: number;
}) => Promise<string>;

/** Options of {@link createContextEngine}. Every field is optional. */
export interface ContextEngineOptions {
  /** Names the session (used in snapshots and ids). @default 'session' */
  sessionId?: string;
  /** Token budget of a view when `assemble` gets none. @default 32000 */
  budget?: number;
  /** Counts tokens. @default the o200k BPE counter ({@link createBpeTokenCounter}) */
  tokenCounter?: TokenCounter;
  /** Scoring weights; missing ones take {@link DEFAULT_WEIGHTS}; 0 turns a signal off. */
  weights?: Partial<ScoringWeights>;
  /** Fidelity thresholds. @default {@link DEFAULT_THRESHOLDS} */
  thresholds?: Partial<FidelityThresholds>;
  /** Pressure levels. @default {@link DEFAULT_PRESSURE} */
  pressure?: Partial<PressureLevels>;
  /** Turns a unit may stay a placeholder before causal-chain protection restores it once. @default 3 */
  causalChainTurns?: number;
  /** Direction change below which only new units are rescored. @default 0.05 */
  directionDelta?: number;
  /** Recency half-life, in units. @default 40 */
  halfLifeUnits?: number;
  /** Units after the latest user message kept full as the hot working set. @default 2 */
  hotUnits?: number;
  /** Share of a unit's tokens its compressed rendering aims for. @default 0.3 */
  compressionRatio?: number;
  /**
   * Bad tool structure: `'repair'` keeps orphan results as plain text and answers unanswered
   * calls with a synthetic "no result recorded" result; `'throw'` rejects the batch.
   * @default 'repair'
   */
  onInvalidToolStructure?: 'repair' | 'throw';
  /**
   * When the mandatory part exceeds the budget. Under either policy the hot set (the last units
   * of the turn, the newest tool output) is squeezed first: compressed, then cut harder (each cut
   * message keeps cairn's `[cairn:compressed id=…]` marker, the id to recall the original), then
   * hidden behind placeholders, oldest first. What is left is the system prompt, pinned messages
   * and the latest user turn: `'throw'` refuses with `BUDGET_EXCEEDED` when they do not fit;
   * `'compress-mandatory'` compresses and squeezes the latest user turn and system prompts too
   * (never pinned messages) and refuses only if that still does not fit.
   * @default 'throw'
   */
  onBudgetExceeded?: 'throw' | 'compress-mandatory';
  /** Largest content accepted per message, in characters. @default 16 MiB */
  maxContentChars?: number;
  /**
   * Largest tool calls plus metadata accepted per message, in characters of JSON (ids, names,
   * arguments, metadata). A larger message is refused with `CONTENT_TOO_LARGE` without being
   * copied whole.
   * @default 4 × maxContentChars + 4,096 (adapters keep the framework's own copy of a message,
   *   content included, in metadata)
   */
  maxDataChars?: number;
  /**
   * Show a "known dead ends" brief after the history in every view that has dead ends (a tenth
   * of the budget, at most 1,200 tokens, at least 96 where that is under a quarter of it; its
   * tokens are reserved before planning). The playbook's bullets follow the dead ends in the same
   * message and share; `false` shows neither (the playbook still learns: `engine.getPlaybook()`).
   * @default true
   */
  deadEndBrief?: boolean;
  /**
   * Opt-in sharing of long-term dead ends across the sessions of one tenant: the engine
   * publishes its own to `pool` and preloads the tenant's at bootstrap (creation or restore).
   * Off by default: dead ends are per session.
   */
  shareDeadEnds?: { pool: import('../dead-ends/index.js').DeadEndPool; tenant: string };
  /**
   * Optional dense embedder. `await engine.prepare({ query })` embeds new units and the query;
   * intent match then uses dense cosine where both sides are embedded, lexical vectors elsewhere.
   */
  embedder?: Embedder;
  /** How the embedder's similarity joins lexical intent match. @default DEFAULT_DENSE_OPTIONS */
  dense?: import('./dense-options.js').DenseOptions;
  /** How a question's view picks units by value per token (a floor on what a short unit is charged). @default DEFAULT_SELECTION_OPTIONS */
  selection?: import('./selection-options.js').SelectionOptions;
  /** Dialogue cues in a question's view (first-person turns, replies to questions). @default DEFAULT_DIALOGUE_OPTIONS */
  dialogue?: import('./dialogue-options.js').DialogueOptions;
  /** Optional summariser for compressed rendering (background, cached). */
  summarizer?: Summarizer;
  /**
   * The ACE playbook: lessons learnt in the session (recoveries "use X, not Y", the user's
   * standing rules) with helpful/harmful counters, shown after the dead ends in the one lessons
   * message of the view. See {@link PlaybookOptions} for its defaults.
   */
  playbook?: import('./playbook-options.js').PlaybookOptions;
  /** Clock for timestamps the engine records (dead ends, experiences). @default the number of logged messages (deterministic; pass `Date.now` for wall time, e.g. for the 7-day hot-experience window) */
  now?: () => number;
  /** Context sovereignty: the vitality pulse, loop detection, the adaptive threshold, branch defaults, crystals. */
  sovereignty?: import('./sovereignty-options.js').SovereigntyOptions;
  /** Prompt-cache-aware planning: keep the view's prefix stable across steady turns (cache-aware, freeing tokens past 95% of the budget). See {@link PrefixOptions}. */
  prefix?: PrefixOptions;
  /** Pages and zoom (PCP): how much consulted pages may take, call limits, the reasoning trace. @default {@link DEFAULT_PAGE_OPTIONS} */
  pages?: import('./page-options.js').PageOptions;
  /**
   * Dead ends that steer what the view keeps: while the brief names a live dead end, the units of
   * its failed path score lower. See {@link DeadEndSteeringOptions}. @default on (`{ enabled: true }`)
   */
  deadEndSteering?: import('./dead-end-steering-options.js').DeadEndSteeringOptions;
  /**
   * The dead-end registry: how many dead ends it holds (`maxDeadEnds`, default 200). See
   * {@link DeadEndRegistryOptions}.
   */
  deadEndRegistry?: import('./dead-end-registry-options.js').DeadEndRegistryOptions;
}
