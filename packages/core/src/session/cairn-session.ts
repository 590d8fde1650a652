import type { ContextEngine, IngestResult } from '../engine/index.js';
import type { AssembleOptions, AssembleResult } from '../render/index.js';
import type { SessionKey } from './session-store.js';
import type { CairnMessage } from '../log/index.js';
import type { BranchInfo, BranchStatus, MergeResult, MergeStrategy } from '../sovereignty/index.js';

/**
 * A context engine bound to a stored session (made by `openSession`). Messages go through
 * {@link CairnSession.ingest}, which appends them to the store before the engine sees them, so
 * every message an `ingest` acknowledged survives a crash. The engine's state (fidelity tags,
 * direction, dead ends) is saved at checkpoints; a crash loses only the decisions made since the
 * last checkpoint, never messages.
 */
export interface CairnSession {
  /** The session's tenant and id. */
  readonly key: SessionKey;
  /**
   * The engine, for read-only use: `assemble` (prefer {@link CairnSession.assemble}),
   * `checkToolCall`, `getDirectionState`, `listDeadEnds`, `getMessage`. Ingest through the
   * session, not the engine, or the store will not see the messages.
   */
  readonly engine: ContextEngine;
  /**
   * Validates the messages, appends them to the store (optimistically: when another writer
   * appended first, its messages are loaded and ingested, then the append is retried), then
   * ingests them. A bad batch changes nothing, in the store or the engine.
   * @throws CairnError the engine's validation codes; `SESSION_CONFLICT` when the session was
   *   deleted or rewritten under it, or conflicts kept coming; `INVALID_OPTIONS` after `close`;
   *   `BRANCH_CLOSED` for a branch's session once the branch is merged or discarded (by any
   *   handle or process: the stored record is read before each append).
   */
  ingest(messages: CairnMessage | readonly CairnMessage[]): Promise<IngestResult>;
  /**
   * `engine.assemble`, then checkpoint bookkeeping: once `checkpointEvery` messages arrived since
   * the last save, the state is saved in the background (a failure is retried at the next
   * checkpoint and reported to `onCheckpointError`).
   */
  assemble(options?: AssembleOptions): AssembleResult;
  /** Saves the state now if it changed since the last save; waits for pending ingests first. */
  checkpoint(): Promise<void>;
  /** Checkpoints, then releases the session (further `ingest` calls throw). The store stays open. */
  close(): Promise<void>;
  /**
   * Opens a new branch (context sovereignty): a session of its own that shares this one's log up
   * to now without copying a row, with merge / discard back into this one. Needs a store with
   * `saveBranch` / `loadBranches` (the in-memory, SQLite and Redis stores have them).
   * @throws CairnError `INVALID_BRANCH_NAME`, `BRANCH_EXISTS`, `INVALID_OPTIONS`
   */
  branch(name: string, options?: import('../sovereignty/index.js').BranchOptions): Promise<SessionBranch>;
  /** Opens an existing branch of this session (after a restart, or from another process). */
  openBranch(name: string): Promise<SessionBranch>;
  /** This session's branches, any status. */
  listBranches(): Promise<(import('../sovereignty/index.js').BranchInfo & { status: import('../sovereignty/index.js').BranchStatus })[]>;
}

/** A branch of a stored session: its own session (messages after the fork) plus merge and discard. */
export interface SessionBranch extends BranchInfo {
  /** `open`, `merged` or `discarded`, as this handle last saw it. */
  readonly status: BranchStatus;
  /** The branch's session: ingest, assemble, checkpoint, close, and `branch` again to nest. */
  readonly session: CairnSession;
  /**
   * Appends the branch's work to the parent session (default SUMMARIZE, within the entropy
   * budget) and marks the branch merged in the store, in that order of safety: the record is
   * written first (with what to append), so a crash between the two completes on the next open.
   * @throws CairnError `BRANCH_CLOSED` (merged or discarded, here or by another writer), `BUDGET_EXCEEDED`
   */
  merge(strategy?: MergeStrategy): Promise<MergeResult>;
  /** Marks the branch discarded (nothing reaches the parent). @throws CairnError `BRANCH_CLOSED` */
  discard(): Promise<void>;
}

