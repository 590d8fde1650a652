import type { AfterTurnInput, AfterTurnResult, AssembleOptions, AssembleResult, CompactOptions, CompactResult, DirectionState } from '../render/index.js';
import type { CairnMessage, EnginePhase } from '../log/index.js';
import type { DeadEnd, GuardVerdict, ProposedToolCall, RegisterDeadEndInput } from '../dead-ends/index.js';
import type { EngineSnapshot } from './snapshot.js';

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
  /** The playbook's bullets, most useful first (empty with `playbook: { enabled: false }`). */
  getPlaybook(): import('../playbook/index.js').PlaybookBullet[];
  /**
   * Changes the playbook by one delta operation (`add`, `count`, `merge`, `prune`), e.g. from a
   * reflector model run in the background; never a rewrite. Counts and merges of bullets pruned
   * in the meantime are skipped.
   * @throws CairnError `INVALID_OPTIONS` without a playbook, `INVALID_MESSAGE` for a malformed delta.
   */
  applyPlaybookDelta(delta: import('../playbook/index.js').PlaybookDelta): import('../playbook/index.js').PlaybookBullet | undefined;
  /**
   * Runs the playbook's injected reflector (`playbook.reflector`) on the messages logged since
   * its last run and applies the delta operations it returns; never part of `assemble`.
   * @returns How many deltas were applied (0 without a reflector or new messages).
   */
  reflect(): Promise<number>;
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
}
