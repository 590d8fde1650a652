import type { Unit } from '../log/index.js';

/** The units that refer back to each unit, kept up to date as units and edges are appended. */
interface Referrers {
  readonly incoming: Map<number, number[]>;
  /** Edges of each unit already counted in `incoming`. */
  edgeCounts: Int32Array;
  units: number;
  /** Units counted while they still had unanswered calls, ascending: the only ones whose edges can grow. */
  open: number[];
}

const cache = new WeakMap<readonly Unit[], Referrers>();

/**
 * The units that refer back to each unit (by the index of the unit referred to), each list in
 * ascending unit order — what one pass over every unit's edges gives — maintained incrementally
 * for an append-only unit list such as a session log's: only units and edges added since the last
 * call are visited, and of the units seen before only those that had unanswered calls then (a
 * log adds an edge to an earlier unit only when a message joins it: a tool result answering one
 * of its calls; a unit with every call answered takes no more messages, so its edges are final).
 * A list that shrank (not a log's) is counted again from scratch. @internal
 */
export function referrersOf(units: readonly Unit[]): ReadonlyMap<number, readonly number[]> {
  let referrers = cache.get(units);
  if (!referrers || referrers.units > units.length) {
    referrers = { incoming: new Map(), edgeCounts: new Int32Array(Math.max(16, units.length)), units: 0, open: [] };
    cache.set(units, referrers);
  }
  if (referrers.edgeCounts.length < units.length) {
    const grown = new Int32Array(Math.max(units.length, 2 * referrers.edgeCounts.length));
    grown.set(referrers.edgeCounts);
    referrers.edgeCounts = grown;
  }
  const { incoming, edgeCounts } = referrers;
  const stillOpen: number[] = [];
  for (const index of referrers.open) {
    const edges = units[index]!.edges;
    if (edges.length < edgeCounts[index]!) {
      // Edges went away: not an append-only list; count everything again.
      cache.delete(units);
      return referrersOf(units);
    }
    // A late edge of an older unit: insert it where one pass in unit order would have put it.
    for (let offset = edgeCounts[index]!; offset < edges.length; offset++) insertSorted(incoming, edges[offset]!.to, units[index]!.index);
    edgeCounts[index] = edges.length;
    if (units[index]!.openCalls > 0) stillOpen.push(index);
  }
  referrers.open = stillOpen;
  for (let index = referrers.units; index < units.length; index++) {
    const unit = units[index]!;
    if (unit.openCalls > 0) stillOpen.push(index);
    for (const edge of unit.edges) {
      const list = incoming.get(edge.to);
      // Kept at its length: a pushed array keeps room for about 16 more (heap per logged message).
      if (list) {
        list.push(unit.index);
        incoming.set(edge.to, list.slice());
      } else incoming.set(edge.to, [unit.index]);
    }
    edgeCounts[index] = unit.edges.length;
  }
  referrers.units = units.length;
  return incoming;
}

function insertSorted(incoming: Map<number, number[]>, to: number, from: number): void {
  const list = incoming.get(to);
  if (!list) {
    incoming.set(to, [from]);
    return;
  }
  let at = list.length;
  while (at > 0 && list[at - 1]! > from) at--;
  list.splice(at, 0, from);
}
