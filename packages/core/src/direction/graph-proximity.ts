import type { Unit } from '../log/index.js';
import { referrersOf } from './referrer-index.js';

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

/**
 * Closeness of units to the focus in the semantic context graph: 1 for the focus units, then
 * 1 − hops / (maxHops + 1) along the edges units keep to what they refer back to (reply-to,
 * shared entities, lexical similarity), and with `undirected` along those edges backwards too.
 * Breadth-first, bounded by `maxHops` and a visit cap, so its cost does not grow with the log
 * (the referrers `undirected` walks are kept up to date incrementally, see `referrersOf`).
 */
export function graphProximity(units: readonly Unit[], focus: readonly number[], { maxHops = 3, undirected = false }: GraphProximityOptions = {}): Map<number, number> {
  const proximity = new Map<number, number>();
  const incoming = undirected ? referrersOf(units) : undefined;
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
