import type { Unit } from './unit.js';

const MAX_VISITS = 4096;

/**
 * Closeness of units to the focus in the semantic context graph: 1 for the focus units, then
 * 1 − hops / (maxHops + 1) along the edges units keep to what they refer back to (reply-to,
 * shared entities, lexical similarity). Breadth-first, bounded by `maxHops` and a visit cap,
 * so its cost does not grow with the log.
 */
export function graphProximity(units: readonly Unit[], focus: readonly number[], maxHops = 3): Map<number, number> {
  const proximity = new Map<number, number>();
  let frontier: number[] = [];
  for (const index of focus) {
    if (index >= 0 && index < units.length && !proximity.has(index)) {
      proximity.set(index, 1);
      frontier.push(index);
    }
  }
  for (let hop = 1; hop <= maxHops && frontier.length > 0 && proximity.size < MAX_VISITS; hop++) {
    const next: number[] = [];
    const value = 1 - hop / (maxHops + 1);
    for (const index of frontier) {
      for (const edge of units[index]!.edges) {
        if (proximity.has(edge.to)) continue;
        proximity.set(edge.to, value);
        next.push(edge.to);
        if (proximity.size >= MAX_VISITS) break;
      }
    }
    frontier = next;
  }
  return proximity;
}
