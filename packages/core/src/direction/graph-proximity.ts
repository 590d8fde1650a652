import type { Unit } from '../log/index.js';

const MAX_VISITS = 4096;

/** Options of {@link graphProximity}. @internal */
export interface GraphProximityOptions {
  /** Hops from the focus that still count. @default 3 */
  maxHops?: number;
  /**
   * Also walk edges backwards, from a unit to the units that refer back to it (its replies, later
   * mentions of its entities): for a question, what answers or takes up its best match is as
   * close to it as what the match itself refers to. @default false
   */
  undirected?: boolean;
}

/** The units that refer back to each unit, by the index of the unit referred to. */
function referrers(units: readonly Unit[]): Map<number, number[]> {
  const incoming = new Map<number, number[]>();
  for (const unit of units) {
    for (const edge of unit.edges) {
      const list = incoming.get(edge.to);
      if (list) list.push(unit.index);
      else incoming.set(edge.to, [unit.index]);
    }
  }
  return incoming;
}

/**
 * Closeness of units to the focus in the semantic context graph: 1 for the focus units, then
 * 1 − hops / (maxHops + 1) along the edges units keep to what they refer back to (reply-to,
 * shared entities, lexical similarity), and with `undirected` along those edges backwards too.
 * Breadth-first, bounded by `maxHops` and a visit cap, so its cost does not grow with the log
 * (but for the one pass over all edges that `undirected` takes to find the referrers).
 */
export function graphProximity(units: readonly Unit[], focus: readonly number[], { maxHops = 3, undirected = false }: GraphProximityOptions = {}): Map<number, number> {
  const proximity = new Map<number, number>();
  const incoming = undirected ? referrers(units) : undefined;
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
    const visit = (to: number): void => {
      if (proximity.has(to) || proximity.size >= MAX_VISITS) return;
      proximity.set(to, value);
      next.push(to);
    };
    for (const index of frontier) {
      for (const edge of units[index]!.edges) visit(edge.to);
      if (incoming) for (const from of incoming.get(index) ?? []) visit(from);
      if (proximity.size >= MAX_VISITS) break;
    }
    frontier = next;
  }
  return proximity;
}
