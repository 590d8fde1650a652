/** How a branch's work comes back to its parent. */
export type MergeStrategy =
  | { kind: 'summarize' }
  | { kind: 'squash' }
  | { kind: 'rebase' }
  | { kind: 'cherry-pick'; ids: readonly string[] };

/**
 * The merge strategies:
 * - `SUMMARIZE` (default): one short extractive summary of the branch (at most 80 tokens and the
 *   entropy budget);
 * - `SQUASH`: one message with the branch's conclusion (its last reply) and its key anchors
 *   (ids, numbers, names, negations), up to the entropy budget;
 * - `REBASE`: the branch's messages replayed after the parent's current end (re-identified; each
 *   compressed as needed to fit the entropy budget);
 * - `CHERRY_PICK(ids)`: only the named messages (each with its whole tool exchange), verbatim.
 *
 * @example
 * ```ts
 * branch.merge(MergeStrategy.CHERRY_PICK(['a7']));
 * ```
 */
export const MergeStrategy = Object.freeze({
  SUMMARIZE: Object.freeze({ kind: 'summarize' }) as MergeStrategy,
  SQUASH: Object.freeze({ kind: 'squash' }) as MergeStrategy,
  REBASE: Object.freeze({ kind: 'rebase' }) as MergeStrategy,
  CHERRY_PICK: (ids: readonly string[]): MergeStrategy => Object.freeze({ kind: 'cherry-pick', ids: Object.freeze([...ids]) }),
});
