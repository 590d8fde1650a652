import type { AfterTurnInput, AfterTurnResult, AssembleOptions, AssembleResult, CompactOptions, CompactResult, DirectionState } from '../render/index.js';
import type { CairnMessage, EnginePhase } from '../log/index.js';
import type { DeadEnd, GuardVerdict, ProposedToolCall, RegisterDeadEndInput } from '../dead-ends/index.js';
import type { EngineSnapshot } from './snapshot.js';
import type { BranchInfo, BranchStatus, MergeResult, MergeStrategy } from '../sovereignty/index.js';
import type { ContextWindow, Crystal, Projection, ResourceClass, ResourceTag, TurnSlice } from '../sovereignty/index.js';
import type { CrystallizeOptions } from './crystallize.js';
import type { WarmOptions, WarmResult } from './warm-compressions.js';
import type { ConsolidateResult, PageManifest, PageType, ZoomRequest, ZoomResult } from '../pages/index.js';

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
   * For a playbook bullet's id (`str-00001`…): a `hit` counts it helpful, a `miss` harmful.
   */
  recordOutcome(id: string, outcome: 'hit' | 'miss'): void;
  /**
   * The playbook's bullets, most useful first (empty with `playbook: { enabled: false }`). With
   * `{ deadEnds: true }` the dead ends join them as bullets of the mistakes section (`mis-de-3`
   * mirrors dead end `de-3`; read from the registry, never stored twice).
   */
  getPlaybook(options?: import('./playbook-dead-ends.js').GetPlaybookOptions): import('../playbook/index.js').PlaybookBullet[];
  /**
   * Changes the playbook by one delta operation (`add`, `count`, `merge`, `prune`), e.g. from a
   * reflector model run in the background; never a rewrite. Counts and merges of bullets pruned
   * in the meantime are skipped.
   * @throws CairnError `INVALID_OPTIONS` without a playbook, `INVALID_MESSAGE` for a malformed delta.
   */
  applyPlaybookDelta(delta: import('../playbook/index.js').PlaybookDelta): import('../playbook/index.js').PlaybookBullet | undefined;
  /**
   * Runs the playbook's injected reflector (`playbook.reflector`) on the messages logged since
   * its last run and applies the delta operations it returns; never part of `assemble`. With an
   * injected `embedder`, it then merges bullets whose embeddings are at least
   * `playbook.mergeSimilarity` similar (same section; `merge` deltas into the earlier bullet).
   * @param options.minMessages - Runs the reflector only when at least this many messages were
   *   logged since its last run (the adapters batch their model calls this way); fewer wait for a later run. @default 1
   * @returns How many deltas were applied, merges by embedding included (0 without a reflector,
   *   an embedder or new messages).
   * @throws CairnError `INVALID_MESSAGE` when the reflector returns anything but well-formed
   *   deltas (nothing of that batch is applied; the same messages are offered again next run);
   *   `INVALID_OPTIONS` when the embedder fails (nothing is merged).
   */
  reflect(options?: { minMessages?: number }): Promise<number>;
  /** Known dead ends, most relevant to the current direction first. */
  listDeadEnds(options?: { topK?: number }): DeadEnd[];
  /** Pins messages: their units stay full in every view (a promotion to PRESERVED, recorded in the resource ledger). */
  pin(ids: readonly string[]): void;
  /**
   * Tags messages with a resource class (DROPPABLE < REQUIRED < PRESERVED), as one batch, with the
   * reason and the engine clock recorded in the ledger. Classes only go up: PRESERVED units are
   * shown verbatim always (a PRESERVED tag pins), REQUIRED ones at least compressed (decisions and
   * anchors kept), DROPPABLE ones may become placeholders.
   * @returns The ledger entries written (none for ids already at that class).
   * @throws CairnError `UNKNOWN_MESSAGE` (an id not in the log), `RESOURCE_DEMOTION` (a class below
   *   the id's current one, its default included), `INVALID_OPTIONS` (bad ids, class or reason)
   */
  tag(ids: readonly string[], resourceClass: ResourceClass, reason?: string): ResourceTag[];
  /** {@link ContextEngine.tag} under the name of the operation the caller means: raising a class. */
  promote(ids: readonly string[], resourceClass: ResourceClass, reason?: string): ResourceTag[];
  /** The class a logged message has now (its tag or its default, whichever is higher); `undefined` for an unknown id. */
  resourceClass(id: string): ResourceClass | undefined;
  /** The resource ledger: every change of class, oldest first. */
  resourceLedger(): readonly ResourceTag[];
  /**
   * Projects the history by resource class to `targetPressure × budget` tokens (lossy; nothing in
   * the engine changes): DROPPABLE units to placeholders first, then REQUIRED ones summarised;
   * PRESERVED never touched. Reports the MDL quality (compression ratio × (1 − anchor loss)).
   * @param options - `targetPressure` in (0, 1]; `budget` defaults to the last assemble's.
   * @throws CairnError `INVALID_OPTIONS`
   */
  project(options: { targetPressure: number; budget?: number }): Projection;
  /**
   * The history a projection came from (the upper adjoint of `project`: every unit back in full;
   * projecting it again never shows more than the projection).
   * @throws CairnError `INVALID_OPTIONS` for a projection of another history
   */
  expand(projection: Projection): Projection;
  /**
   * A checkpoint of the session (a crystal): PRESERVED messages verbatim, REQUIRED units
   * summarised, DROPPABLE ones dropped, with the task state, working memory and lineage given.
   * Changes nothing in the engine. Resume it with `resumeFromCrystal`; keep it in a store with
   * `storeCrystal`.
   * @throws CairnError `INVALID_OPTIONS` (task state or working memory that is not JSON, a bad lineage or TTL)
   */
  crystallize(options?: CrystallizeOptions): Crystal;
  /**
   * The session's turns as a store comonad (a {@link ContextWindow}), focused on the latest turn:
   * `window().seek(t).extract()` is turn `t` and the history as of it; `extend` runs a computation
   * that sees the whole window at every turn; `duplicate` nests windows (what branching builds on).
   */
  window(): ContextWindow<TurnSlice>;
  /**
   * Embeds new units and the query with the injected embedder (async, outside `assemble`); the
   * following `assemble` uses dense intent match where both sides are embedded. Returns the
   * number of texts embedded (0 without an embedder).
   */
  prepare(options?: { query?: string }): Promise<number>;
  /** Runs the summariser over compressed units without a summary (never placeholders, INV-02). */
  summarize(): Promise<number>;
  /**
   * Runs the summariser over consolidated pages without a written summary for their content,
   * with core's `CONSOLIDATED_SUMMARY_INSTRUCTIONS` (async, in the background, never on the
   * assemble path: views show the extractive summary until a written one is stored). A page whose
   * answer is an error, empty or over-long keeps its extractive summary; the first error is thrown
   * once the run is over. Written summaries are cached per page id and content and kept in
   * snapshots. Returns the number of pages written (0 without a summariser).
   */
  summarizePages(): Promise<number>;
  /**
   * Opens a branch: a child engine sharing this log up to now (no message copied), to explore
   * without cluttering this one; `merge` brings back at most its entropy budget, `discard` drops it.
   * Costs nothing in this engine's view.
   * @throws CairnError `INVALID_BRANCH_NAME` (empty, over 64 characters, separators), `BRANCH_EXISTS`, `INVALID_OPTIONS`
   */
  branch(name: string, options?: import('../sovereignty/index.js').BranchOptions): ContextBranch;
  /**
   * The branches made under this engine (not their branches), any status, in the order made. A
   * snapshot keeps them: a restored engine lists them again and reopens the open ones.
   */
  listBranches(): (BranchInfo & { status: BranchStatus })[];
  /**
   * The open branch named `name` (the same handle `branch` returned, or after a restore the one
   * made again from the snapshot).
   * @throws CairnError `UNKNOWN_MESSAGE` (no such branch), `BRANCH_CLOSED` (merged or discarded: its engine was released)
   */
  openBranch(name: string): ContextBranch;
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
  /** The manifest of the page a page id, message id or consolidated page id names (`undefined` when none). */
  getPage(id: string): PageManifest | undefined;
  /**
   * Every page's manifest, in log order (summaries are built on first read and cached).
   * @param type - `'Original'` (the default: one page per unit), `'Consolidated'` (level-1 pages in
   *   log order, then merged pages in the order they were made) or `'all'` (both).
   */
  listPages(type?: PageType | 'all'): PageManifest[];
  /**
   * Runs the consolidator (PCP metabolic merging): adjacent top-level consolidated pages of one
   * topic, all stale (`pages.consolidation.staleAfterPages`, and `staleAfterMs` by the injected
   * clock when set), merge into a consolidated page of consolidated pages. Core has no timers:
   * call it from the host's idle hook or a schedule. Changes the index, never the log.
   */
  consolidate(): ConsolidateResult;
  /**
   * Idle-time warm-up (core has no timers: call it from the host's idle hook, between user
   * turns): brings the term index up to date and computes the compressed renderings of up to
   * `maxUnits` units that have none yet (a new question then shows them compressed without
   * compressing them on the turn). Never changes a view; memory stays bounded by the log (one
   * rendering per unit, the cache assembling fills). Call again while `remaining` is above 0.
   * @throws CairnError `INVALID_OPTIONS` for a `maxUnits` that is not a whole number ≥ 0
   */
  warm(options?: WarmOptions): WarmResult;
}

/**
 * A branch of a context engine (`engine.branch(name)`): a child engine that shares its parent's
 * log up to the fork (the same message objects and token counts; nothing is copied) and then
 * goes its own way. `merge` brings back at most its entropy budget; `discard` drops it. Either
 * closes it for good: afterwards `ingest`, `afterTurn`, `branch`, `merge` and `discard` throw
 * `BRANCH_CLOSED` (reads still work). Branches nest: `branch.branch('deeper')`.
 */
export interface ContextBranch extends ContextEngine, BranchInfo {
  /** `open`, `merged` or `discarded`. */
  readonly status: BranchStatus;
  /**
   * Where the branch started: the parent's window (`window().duplicate()` at the fork turn),
   * focused on that turn — `origin.extract().history` holds the messages the branch shares, and
   * `origin.seek(t)` shows the parent as of any earlier turn.
   */
  readonly origin: ContextWindow<TurnSlice>;
  /**
   * Appends the branch's work to the parent's log with `strategy` (default SUMMARIZE), within the
   * entropy budget, then closes the branch. A failure leaves both unchanged.
   * @throws CairnError `BRANCH_CLOSED`, `BUDGET_EXCEEDED`, `UNKNOWN_MESSAGE`
   */
  merge(strategy?: MergeStrategy): MergeResult;
  /** Closes the branch without touching the parent (0 tokens in the parent's view). @throws CairnError `BRANCH_CLOSED` */
  discard(): void;
}
