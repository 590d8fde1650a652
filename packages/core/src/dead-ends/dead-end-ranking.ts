import type { DeadEnd, GuardVerdict } from './dead-end-types.js';
import { cosine, type SparseVector } from '../text/index.js';

/**
 * Dead ends in the order the registry lists them: live before stale, long-term (`dead`) before
 * `suspect` (the more failures, the surer the lesson), then by cosine with
 * `direction` (when given), then most recent, most frequent, and by id. Deterministic.
 *
 * @internal
 */
export function rankDeadEnds(deadEnds: readonly DeadEnd[], direction?: SparseVector): DeadEnd[] {
  // Every sort key read once per dead end, not once per comparison (the brief ranks them all on
  // every turn); the comparison and so the order are the same.
  const keyed = deadEnds.map((deadEnd) => ({
    deadEnd,
    stale: Number(deadEnd.stale === true),
    suspect: Number(deadEnd.status === 'suspect'),
    relevance: direction === undefined ? 0 : cosine(direction, typedVector(deadEnd.vector)),
    lastSeen: deadEnd.lastSeen,
    frequency: deadEnd.frequency,
    id: idOrder(deadEnd.id),
  }));
  keyed.sort((a, b) => a.stale - b.stale || a.suspect - b.suspect || b.relevance - a.relevance || b.lastSeen - a.lastSeen || b.frequency - a.frequency || a.id - b.id);
  return keyed.map((entry) => entry.deadEnd);
}

/** Typed copies of dead ends' vectors, by the stored vector (a dead end's vector is set once). */
const typedVectors = new WeakMap<DeadEnd['vector'], SparseVector>();

/**
 * A dead end's vector as the typed sparse vector `cosine` reads (weights rounded to 32 bits, as
 * they always were here), converted once per stored vector: the brief ranks every dead end on
 * every turn. A copy whose length no longer matches is made again.
 */
function typedVector(vector: DeadEnd['vector']): SparseVector {
  let typed = typedVectors.get(vector);
  if (typed === undefined || typed.ids.length !== vector.ids.length) {
    typed = { ids: Int32Array.from(vector.ids), weights: Float32Array.from(vector.weights) };
    typedVectors.set(vector, typed);
  }
  return typed;
}

function idOrder(id: string): number {
  const number = Number(id.slice(id.lastIndexOf('-') + 1));
  return Number.isFinite(number) ? number : Number.MAX_SAFE_INTEGER;
}

/**
 * The verdict for a call matching `deadEnd` as `how` ("the same call", "a near-identical call"):
 * `block` for a long-term (`dead`) dead end, `warn` for a `suspect` one.
 *
 * @internal
 */
export function guardVerdict(deadEnd: DeadEnd, how: string): GuardVerdict {
  const times = deadEnd.frequency === 1 ? 'once' : `${deadEnd.frequency} times`;
  return {
    verdict: deadEnd.status === 'dead' ? 'block' : 'warn',
    deadEnd: { ...deadEnd },
    reason: `Dead end ${deadEnd.id}: ${how} failed ${times} (${deadEnd.reason}) and nothing it depends on has changed since.${classNote(deadEnd)}`,
    ...withClass(deadEnd),
  };
}

/** The verdict's `failureClass`, when the dead end has one. */
function withClass(deadEnd: DeadEnd): Pick<GuardVerdict, 'failureClass'> {
  return deadEnd.failureClass === undefined ? {} : { failureClass: deadEnd.failureClass };
}

/**
 * What the failure class means for this verdict, as a sentence after the reason (empty for dead
 * ends without a class: registered ones, corrections, old snapshots).
 *
 * @internal
 */
export function classNote(deadEnd: DeadEnd): string {
  if (deadEnd.failureClass === 'permanent') return ' Failure class: permanent (the same call fails the same way until something it depends on changes).';
  if (deadEnd.failureClass !== 'unknown') return '';
  const streak = deadEnd.identicalFailures ?? 1;
  const times = streak === 1 ? 'once' : `${streak} times in a row`;
  return deadEnd.status === 'dead'
    ? ` Failure class: unknown (neither transient nor recognisably permanent), blocked after failing identically ${times} with nothing changed.`
    : ` Failure class: unknown (neither transient nor recognisably permanent): failed identically ${times} so far, so a warning rather than a block.`;
}

/**
 * The verdict for a retry of a call whose latest failure was transient: always `allow`, saying so.
 *
 * @internal
 */
export function transientVerdict(deadEnd: DeadEnd): GuardVerdict {
  return { verdict: 'allow', deadEnd: { ...deadEnd }, reason: `Its last failure was transient (${deadEnd.reason}): retrying is fine.`, failureClass: 'transient' };
}

/**
 * The verdict for a repeat of a failed call after a state change: `warn`, naming the earlier
 * error and what changed (the repeat may well work; the agent should know what it ran into).
 *
 * @internal
 */
export function changedVerdict(deadEnd: DeadEnd): GuardVerdict {
  const times = deadEnd.frequency === 1 ? 'once' : `${deadEnd.frequency} times`;
  return {
    verdict: 'warn',
    deadEnd: { ...deadEnd },
    reason: `Dead end ${deadEnd.id}: the same call failed ${times} (${deadEnd.reason}); since then \`${deadEnd.changedSince}\` changed what it depends on. Make sure that change addresses this error.${deadEnd.failureClass === undefined ? '' : ` Failure class: ${deadEnd.failureClass}.`}`,
    ...withClass(deadEnd),
  };
}
