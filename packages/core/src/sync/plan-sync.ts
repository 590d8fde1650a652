/**
 * How a framework's full history relates to what a session has already logged, by message key
 * (a fingerprint or a stable id), as {@link planSync} decides it.
 */
export type SyncPlan =
  /** The history continues the log: `history.slice(from)` is new (at least one message). */
  | { readonly kind: 'append'; readonly from: number }
  /** The history holds nothing new: `from` is `history.length`. */
  | { readonly kind: 'up-to-date'; readonly from: number }
  /**
   * The history does not continue the log: `at` is the first index where it differs from the log
   * (`history[at] !== logged[at]`), or `history.length` when it ends before the log does (a
   * message was edited or removed, or the history went back in time).
   */
  | { readonly kind: 'diverged'; readonly at: number };

/** Options of {@link planSync}. */
export interface PlanSyncOptions {
  /**
   * Where each key sits in `logged` (see `SyncedKeys.positions`). When given, a history that starts
   * inside the log and runs on through its end (a caller trimmed old messages from the front) also
   * continues the log; without it, only a history that starts with the whole log does.
   * @default none
   */
  positions?: ReadonlyMap<string, readonly number[]>;
}

/** Candidate alignments tried for a front-trimmed history before giving up. */
export const MAX_SYNC_ALIGNMENTS = 64;

function planned(from: number, length: number): SyncPlan {
  return from < length ? { kind: 'append', from } : { kind: 'up-to-date', from: length };
}

/**
 * Decides which messages of a framework's full history are new to a session, by key: the usual
 * case is a history that starts with everything logged (the whole history is sent again), whose
 * tail past the log is new. With `positions`, a history whose start was trimmed is recognised too
 * (it must start at one of the first {@link MAX_SYNC_ALIGNMENTS} places its first key sits in the
 * log and match the log from there to its end). Anything else has diverged. Pure and deterministic.
 *
 * @param logged - Keys of the messages the session logged, in order.
 * @param history - Keys of the framework's history, in order.
 * @param options - See {@link PlanSyncOptions}.
 * @returns What to append, or where the history diverged.
 *
 * @example
 * ```ts
 * planSync(['a', 'b'], ['a', 'b', 'c']); // { kind: 'append', from: 2 }
 * planSync(['a', 'b'], ['a', 'x', 'c']); // { kind: 'diverged', at: 1 }
 * ```
 */
export function planSync(logged: readonly string[], history: readonly string[], options: PlanSyncOptions = {}): SyncPlan {
  const shared = Math.min(logged.length, history.length);
  let at = 0;
  while (at < shared && logged[at] === history[at]) at++;
  if (at === logged.length) return planned(logged.length, history.length);
  const { positions } = options;
  if (positions !== undefined && history.length > 0) {
    const starts = positions.get(history[0]!) ?? [];
    for (const start of starts.slice(0, MAX_SYNC_ALIGNMENTS)) {
      const overlap = logged.length - start;
      if (overlap > history.length || start === 0) continue;
      let same = true;
      for (let offset = 1; offset < overlap && same; offset++) same = logged[start + offset] === history[offset];
      if (same) return planned(overlap, history.length);
    }
  }
  return { kind: 'diverged', at };
}
