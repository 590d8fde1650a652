/** How the prompt's history relates to what a session has already ingested. @internal */
export type SyncPlan =
  /** The history continues the session: ingest `history.slice(from)`. */
  | { kind: 'extend'; from: number }
  /** A message the session holds was edited or removed, or the history went back in time. */
  | { kind: 'mismatch' };

/** Candidate alignments tried for a windowed history before giving up. */
const MAX_ALIGNMENTS = 64;

/**
 * Decides which messages of a prompt's history are new, by fingerprint. The history extends the
 * session when the session's messages are its prefix (the usual case: the whole history is sent
 * again), or when the history starts inside the session's messages and runs through their end
 * (the caller trimmed old messages from the front). Anything else is a mismatch.
 *
 * @param known - Fingerprints of the messages the session ingested, in order.
 * @param positions - Fingerprint → its positions in `known`.
 * @param history - Fingerprints of the prompt's history, in order.
 * @internal
 */
export function planSync(known: readonly string[], positions: ReadonlyMap<string, readonly number[]>, history: readonly string[]): SyncPlan {
  if (history.length >= known.length) {
    let prefix = true;
    for (let index = 0; index < known.length && prefix; index++) prefix = known[index] === history[index];
    if (prefix) return { kind: 'extend', from: known.length };
  }
  if (history.length === 0) return known.length === 0 ? { kind: 'extend', from: 0 } : { kind: 'mismatch' };
  const starts = positions.get(history[0]!) ?? [];
  for (const start of starts.slice(0, MAX_ALIGNMENTS)) {
    const overlap = known.length - start;
    if (overlap > history.length || start === 0) continue;
    let same = true;
    for (let offset = 1; offset < overlap && same; offset++) same = known[start + offset] === history[offset];
    if (same) return { kind: 'extend', from: overlap };
  }
  return { kind: 'mismatch' };
}
