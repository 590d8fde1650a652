import type { DeadEnd } from './dead-end-types.js';

/** Default of `DeadEndTrackerOptions.maxDeadEnds`: five times the 40 dead ends the brief considers. */
export const DEFAULT_MAX_DEAD_ENDS = 200;
/** Experience records kept per dead end the registry may hold (oldest dropped first). */
export const EXPERIENCES_PER_DEAD_END = 8;
/** Source message ids a dead end keeps: its first failure and the newest ones. */
export const MAX_DEAD_END_SOURCE_IDS = 32;

/**
 * The order in which a full registry lets dead ends go, first to go first: stale ones whose call
 * then worked (the guard allows them silently), ones whose latest failure was transient (never
 * flagged), stale ones by a state change (the guard only warns), then live `suspect` before `dead`;
 * within each, the one whose latest failure is oldest, then the least frequent, then the oldest
 * id. A live dead end goes only when every stale and transient one has gone. Deterministic.
 * @internal
 */
export function evictionOrder(a: DeadEnd, b: DeadEnd): number {
  return (
    tier(a) - tier(b) ||
    a.lastSeen - b.lastSeen ||
    a.frequency - b.frequency ||
    idNumber(a.id) - idNumber(b.id)
  );
}

/**
 * The dead ends a registry of at most `max` entries lets go (never `keep`, the one just learnt),
 * in {@link evictionOrder}. @internal
 */
export function deadEndsToEvict(deadEnds: readonly DeadEnd[], max: number, keep?: DeadEnd): DeadEnd[] {
  const over = deadEnds.length - max;
  if (over <= 0) return [];
  // One over (a dead end learnt into a full registry, the usual case): the first in the order is
  // found in one pass instead of sorting them all; among equals the earlier one, as the stable
  // sort gives.
  if (over === 1) {
    let first: DeadEnd | undefined;
    for (const deadEnd of deadEnds) if (deadEnd !== keep && (first === undefined || evictionOrder(deadEnd, first) < 0)) first = deadEnd;
    return first === undefined ? [] : [first];
  }
  return deadEnds.filter((deadEnd) => deadEnd !== keep).sort(evictionOrder).slice(0, over);
}

/** Keeps a dead end's first source id and the newest ones, at most {@link MAX_DEAD_END_SOURCE_IDS}. @internal */
export function boundSourceIds(sourceIds: string[]): void {
  if (sourceIds.length <= MAX_DEAD_END_SOURCE_IDS) return;
  sourceIds.splice(1, sourceIds.length - MAX_DEAD_END_SOURCE_IDS);
}

/**
 * 0: stale because the same call then worked (nothing left to say); 1: its latest failure was
 * transient (never flagged); 2: stale by a state change (a repeat still gets a `warn` naming the
 * earlier error); 3: `suspect`; 4: `dead`.
 */
function tier(deadEnd: DeadEnd): number {
  if (deadEnd.stale === true && deadEnd.changedSince === undefined) return 0;
  if (deadEnd.transient === true) return 1;
  if (deadEnd.stale === true) return 2;
  return deadEnd.status === 'suspect' ? 3 : 4;
}

function idNumber(id: string): number {
  const number = Number(id.slice(id.lastIndexOf('-') + 1));
  return Number.isFinite(number) ? number : Number.MAX_SAFE_INTEGER;
}
