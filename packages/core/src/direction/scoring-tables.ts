import type { ScoringWeights } from '../options/index.js';
import type { TurnSignals } from './score-unit.js';

// What a full rescore computes once per turn or once per value rather than once per unit, shared
// by the per-unit scorer (unit-scorer.ts) and the one-pass scorer (unit-scores.ts).

/** The signals a scorer reads, by slot. */
const SLOTS: Record<keyof ScoringWeights, number> = {
  intentMatch: 0,
  keywordOverlap: 1,
  phaseMatch: 2,
  toolRelevance: 3,
  planRelevance: 4,
  causalProximity: 5,
  temporalDecay: 6,
  roleImportance: 7,
};

/**
 * The signals on this turn, in the order of the weights' keys: their weights, their slots (-1: a
 * name that is not a signal, read as undefined as in the parts object) and the weights' sum.
 * @internal
 */
export function activeSlots(turn: TurnSignals): { values: number[]; slots: number[]; weightSum: number } {
  const { weights, active } = turn;
  const names = (Object.keys(weights) as (keyof ScoringWeights)[]).filter((name) => active[name] && weights[name] > 0);
  const values = names.map((name) => weights[name]);
  const slots = names.map((name) => (Object.hasOwn(SLOTS, name) ? SLOTS[name] : -1));
  let weightSum = 0;
  for (const value of values) weightSum += value;
  return { values, slots, weightSum };
}

/** The proximity map as an array by unit index, up to its largest index (`undefined` for keys other than whole indexes, or one far past the log). @internal */
export function proximityByIndex(proximity: ReadonlyMap<number, number>): Float64Array | undefined {
  let largest = -1;
  for (const index of proximity.keys()) {
    if (!Number.isInteger(index) || index < 0 || index >= MAX_TABLED_DISTANCE) return undefined;
    if (index > largest) largest = index;
  }
  const values = new Float64Array(largest + 1);
  for (const [index, value] of proximity) values[index] = value;
  return values;
}

/** `0.5 ** (distance / halfLife)` by whole distance (grown on demand), for one half-life. @internal */
export interface DecayTable {
  readonly halfLife: number;
  values: Float64Array;
}

/** Distances past this are computed directly (a table that large would cost more than it saves). */
const MAX_TABLED_DISTANCE = 1 << 22;
/** Half-lives whose tables are kept (engines with other options compute their own). */
const MAX_DECAY_TABLES = 8;
const decayTables = new Map<number, DecayTable>();

/**
 * The recency table of a half-life: each unit's recency on a full rescore is `Math.pow(0.5,
 * distance / halfLife)` with a whole distance, the same few values turn after turn (shifted by
 * the units appended), so each is computed once, by the same expression (bit for bit).
 * @internal
 */
export function decayTable(halfLife: number): DecayTable {
  let table = decayTables.get(halfLife);
  if (table === undefined) {
    if (decayTables.size >= MAX_DECAY_TABLES) decayTables.clear();
    table = { halfLife, values: new Float64Array(0) };
    decayTables.set(halfLife, table);
  }
  return table;
}

/** `0.5 ** (distance / halfLife)` from the table (computed directly past it). @internal */
export function recency(table: DecayTable, distance: number): number {
  if (!Number.isInteger(distance) || distance >= MAX_TABLED_DISTANCE) return Math.pow(0.5, distance / table.halfLife);
  if (distance >= table.values.length) {
    const grown = new Float64Array(Math.min(MAX_TABLED_DISTANCE, Math.max(1024, 2 * table.values.length, distance + 1)));
    grown.set(table.values);
    for (let at = table.values.length; at < grown.length; at++) grown[at] = Math.pow(0.5, at / table.halfLife);
    table.values = grown;
  }
  return table.values[distance]!;
}

