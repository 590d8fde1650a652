import type { AfterTurnInput, AfterTurnResult, AssembleOptions, AssembleResult, CompactOptions, CompactResult, DirectionState } from '../render/index.js';
import type { CairnMessage, EnginePhase } from '../log/index.js';
import type { DeadEnd, GuardVerdict, ProposedToolCall, RegisterDeadEndInput } from '../dead-ends/index.js';
import type { EngineSnapshot } from './snapshot.js';
import type { PageManifest, ZoomRequest, ZoomResult } from '../pages/index.js';

/** What `ingest` did. */
export interface IngestResult {
  /** Messages appended. */
  added: number;
  /** Messages in the log now. */
  total: number;
  /** Tool results kept as plain text because their call is unknown (repair mode). */
  orphanResults: string[];
}

/**
 * The cairn context engine: an append-only log of the session and, every turn, a budgeted,
 * direction-aligned view of it with every unit at the right fidelity.
 *
 * Lifecycle (CDA phases): `ingest` new messages → `assemble` the view for the model →
 * `afterTurn` with the model's output (compacts when pressure passes the red level) →
 * `compact` on demand → `snapshot` / {@link restoreContextEngine} (`bootstrap`).
 */
export interface ContextEngine {
  /** The session this engine holds. */
  readonly sessionId: string;
  /** The current lifecycle phase. */
  readonly phase: EnginePhase;
  /**
   * Appends messages to the log (validated and counted as a batch: a bad batch changes
   * nothing). Tool arguments and metadata are copied as JSON data and frozen, so the log cannot
   * be changed from outside afterwards.
   * @throws CairnError `INVALID_MESSAGE` (also for circular, BigInt, throwing or too deeply nested
   *   arguments or metadata), `DUPLICATE_MESSAGE_ID`, `CONTENT_TOO_LARGE`, `ORPHAN_TOOL_RESULT`,
   *   `INVALID_OPTIONS` (a token counter that throws or returns no valid count)
   */
  ingest(messages: CairnMessage | readonly CairnMessage[]): IngestResult;
  /**
   * Assembles the view for this turn within the budget.
   * @throws CairnError `INVALID_OPTIONS` (a `query` that is not a string, `plannedTools` that is not
   *   an array of strings), `INVALID_BUDGET`, or `BUDGET_EXCEEDED` when the system prompt, pinned messages
   *   and the latest user turn do not fit (the hot set is squeezed, then hidden, before that)
   */
  assemble(options?: AssembleOptions): AssembleResult;
  /** Ingests the model's output and compacts when the next view would pass the red pressure level. */
  afterTurn(result?: AfterTurnInput): AfterTurnResult;
  /** Degrades the lowest-value units now; the next `assemble` reads what this wrote. */
  compact(options?: CompactOptions): CompactResult;
  /** The direction state: global intent, current direction, drift, phase. */
  getDirectionState(): DirectionState;
  /** A JSON-serialisable, versioned copy of the whole state. */
  snapshot(): EngineSnapshot;
  /** The original of a stored message (the way back from a placeholder). */
  getMessage(id: string): CairnMessage | undefined;
  /** All stored messages, in order (frozen all the way down: the log cannot be changed through them). */
  getMessages(): readonly CairnMessage[];
  /**
   * Asks whether a tool call repeats a known dead end: `block` for a long-term dead end (failed
   * twice or more, or registered), `warn` for a suspect one (failed once), else `allow`.
   * Near-identical arguments count as the same call; a change of state since the failure
   * (e.g. an edit before re-running a script) makes the old failure stale.
   */
  checkToolCall(call: ProposedToolCall): GuardVerdict;
  /** Registers a dead end explicitly (a disproven approach, a path not to take). */
  registerDeadEnd(input: RegisterDeadEndInput): DeadEnd;
  /**
   * Records an outcome for a dead end, or for a logged message or unit: a `miss` on a message
   * that is not a dead end yet registers its approach as one; a `hit` marks a dead end stale.
   */
  recordOutcome(id: string, outcome: 'hit' | 'miss'): void;
  /** Known dead ends, most relevant to the current direction first. */
  listDeadEnds(options?: { topK?: number }): DeadEnd[];
  /** Pins messages: their units stay full in every view. */
  pin(ids: readonly string[]): void;
  /**
   * Embeds new units and the query with the injected embedder (async, outside `assemble`); the
   * following `assemble` uses dense intent match where both sides are embedded. Returns the
   * number of texts embedded (0 without an embedder).
   */
  prepare(options?: { query?: string }): Promise<number>;
  /** Runs the summariser over compressed units without a summary (never placeholders, INV-02). */
  summarize(): Promise<number>;
  /**
   * Consults pages (PCP zoom): each named page moves Summary → Detail and is shown full from the
   * next view on, until shelved or until budget pressure shelves the oldest consult. Takes page
   * ids, the message ids cairn's markers name (`id=…`), or a placeholder run's `from..to` (its
   * best-matching pages are listed in the result). Unknown, foreign or
   * malformed ids come back as result entries; ids past `pages.maxIdsPerCall` are skipped. The
   * reason is recorded (escaped, length-capped) in the reasoning trace shown next turn.
   * @throws CairnError `INVALID_PAGE_REQUEST` when the request is not `{ ids: string[], reason?: string }`
   */
  consult(request: ZoomRequest): ZoomResult;
  /**
   * Shelves pages: Detail → Summary (the planner decides their fidelity again). A page never
   * consulted comes back as a `not-consulted` entry.
   * @throws CairnError `INVALID_PAGE_REQUEST` when the request is not `{ ids: string[], reason?: string }`
   */
  shelve(request: ZoomRequest): ZoomResult;
  /** The manifest of the page a page id or message id names (`undefined` when none). */
  getPage(id: string): PageManifest | undefined;
  /** Every page's manifest, in log order (summaries are built on first read and cached). */
  listPages(): PageManifest[];
}
