/** Where a branch is in its life: `open` takes messages; `merged` and `discarded` are closed for good. */
export type BranchStatus = 'open' | 'merged' | 'discarded';

/** A branch's place in the scope tree and its limits. */
export interface BranchInfo {
  /** The branch's own name. */
  readonly name: string;
  /** Names from the root session to this branch (the root's session id first). */
  readonly path: readonly string[];
  /** Nesting depth: 1 for a branch of the root, 2 for a branch of that branch, … */
  readonly depth: number;
  /** How many of the parent's log messages the branch shares (the fork point). */
  readonly forkAt: number;
  /** Most tokens a merge may add back to the parent (the entropy budget, in tokens). */
  readonly entropyTokens: number;
}

/** What a merge added to the parent. */
export interface MergeResult {
  /** The strategy used. */
  strategy: 'summarize' | 'squash' | 'rebase' | 'cherry-pick';
  /** Ids of the messages appended to the parent's log (empty for a branch without messages). */
  addedIds: string[];
  /** Their tokens (never more than the entropy budget). */
  tokens: number;
}

/** Options of `branch(name, options)`. */
export interface BranchOptions {
  /** Share of the parent's budget the branch may add back when merged. @default the engine's `sovereignty.branches.entropyBudget` (0.05) */
  entropyBudget?: number;
  /**
   * Fork after the parent's first `at` messages instead of after all of them (a whole number from
   * 0 to the parent's length): the branch shares only that prefix, e.g. to continue a history that
   * was edited after message `at`. @default the parent's length
   */
  at?: number;
  /**
   * Fork at the end of the parent's turn `turn` (a position of `window()`: 0 is the first turn):
   * explore again from where the session stood then. Give `at` or `turn`, not both.
   * @default the latest turn (with `at` unset: the whole log)
   */
  turn?: number;
}
