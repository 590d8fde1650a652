import type { Unit } from '../log/index.js';

/**
 * Each unit's tool calls as a key (units with the same call names share one), by unit index: a
 * unit's calls are fixed when it is logged, so a key is read once per unit, and a turn's tool
 * and plan relevance are computed once per key instead of once per unit.
 */
export interface ToolKeys {
  keys: Int32Array;
  /** Units keyed so far. */
  size: number;
  /** A unit's call names of each key (key 0: no calls). */
  readonly names: string[][];
  /** Keys of units with one call, by its name; of units with several, by their names' JSON list. */
  readonly byName: Map<string, number>;
  readonly byNames: Map<string, number>;
}

const toolKeys = new WeakMap<readonly Unit[], ToolKeys>();

/**
 * Brings the tool-call keys of `units` (a full rescore reads them) up to the list: each unit's
 * calls are read once. A restored engine builds them with its other indexes. @internal
 */
export function syncToolKeys(units: readonly Unit[]): void {
  toolKeysOf(units);
}

/** The tool-call keys of `units`, brought up to the list (each new unit's calls read once). @internal */
export function toolKeysOf(units: readonly Unit[]): ToolKeys {
  let cache = toolKeys.get(units);
  if (cache === undefined || cache.size > units.length) {
    cache = { keys: new Int32Array(1024), size: 0, names: [[]], byName: new Map(), byNames: new Map() };
    toolKeys.set(units, cache);
  }
  if (cache.keys.length < units.length) {
    const grown = new Int32Array(Math.max(units.length, 2 * cache.keys.length));
    grown.set(cache.keys);
    cache.keys = grown;
  }
  keyUnits(cache, units, cache.size);
  cache.size = units.length;
  return cache;
}

/**
 * Keys units `from` on. Apart from the function above: its first call keys a whole log, and a
 * loop compiled while it runs (on-stack replacement) is entered again by later calls of the
 * function holding it; code after the loop that had not run yet then sends every later call back
 * to the interpreter. Here nothing follows the loop.
 */
function keyUnits(cache: ToolKeys, units: readonly Unit[], from: number): void {
  for (let index = from; index < units.length; index++) {
    const { calls } = units[index]!;
    if (calls.length === 0) {
      cache.keys[index] = 0;
      continue;
    }
    // One call: by its name (no string built); several: by their names' JSON list.
    const byNames = calls.length === 1 ? cache.byName : cache.byNames;
    const signature = calls.length === 1 ? calls[0]!.name : JSON.stringify(calls.map((call) => call.name));
    let key = byNames.get(signature);
    if (key === undefined) {
      key = cache.names.length;
      cache.names.push(calls.map((call) => call.name));
      byNames.set(signature, key);
    }
    cache.keys[index] = key;
  }
}
