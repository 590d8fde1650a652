import type { SessionLog } from '../log/index.js';

/**
 * A pause between two chat messages' timestamps (milliseconds) from which the later one opens a
 * new sitting of the conversation: an hour. @internal
 */
export const SITTING_GAP_MS = 60 * 60 * 1_000;

interface SittingCache {
  /** Sitting number by unit index (0 up). */
  ids: Int32Array;
  /** Units read so far. */
  size: number;
  /** The latest chat timestamp seen so far (NaN: none yet). */
  last: number;
  /** Sittings opened so far. */
  count: number;
}

const caches = new WeakMap<SessionLog, SittingCache>();

/**
 * Each unit's sitting of the conversation, by unit index: a user or assistant message whose lead
 * message's timestamp comes {@link SITTING_GAP_MS} or more after the latest chat timestamp before
 * it opens a new sitting; every other unit (untimed, a tool exchange, a system prompt) belongs to
 * the sitting it follows. A log without timestamps is one sitting. Read once per unit and kept
 * beside the log (appends read only the new units). @internal
 */
export function sittingsOf(log: SessionLog): { readonly ids: Int32Array; readonly count: number } {
  let cache = caches.get(log);
  if (cache === undefined || cache.size > log.units.length) {
    cache = { ids: new Int32Array(Math.max(64, log.units.length)), size: 0, last: Number.NaN, count: 1 };
    caches.set(log, cache);
  }
  if (cache.ids.length < log.units.length) {
    const grown = new Int32Array(Math.max(log.units.length, 2 * cache.ids.length));
    grown.set(cache.ids);
    cache.ids = grown;
  }
  for (let index = cache.size; index < log.units.length; index++) {
    const unit = log.units[index]!;
    const time = unit.kind === 'user' || unit.kind === 'assistant' ? log.entries[unit.positions[0]!]!.message.timestamp : undefined;
    if (time !== undefined && Number.isFinite(time)) {
      if (!Number.isNaN(cache.last) && time - cache.last >= SITTING_GAP_MS) cache.count++;
      if (Number.isNaN(cache.last) || time > cache.last) cache.last = time;
    }
    cache.ids[index] = cache.count - 1;
  }
  cache.size = log.units.length;
  return { ids: cache.ids, count: cache.count };
}

/**
 * Lets a question's match values take part of their sitting's match: each sitting's match is the
 * mean of its `top` best own values among the scored units (`own`: before neighbours and replies
 * shared theirs, so one match and the neighbours it lends to count once; fewer count as zeros),
 * relative to the best sitting's, and every value of `values` is scaled by
 * `(1 - share) + share × that`. A sitting about the
 * question's subject keeps its values; a lone match in a sitting about something else gives way.
 * On a long history of many sittings (a LoCoMo haystack: a conversation's sessions among other
 * conversations' sessions with the same names) scattered single matches crowd the view.
 * Never raises a value; zeros stay zeros; the best sitting's values are kept; linear in the
 * number of units (times `top`). A log of one sitting, or `share` 0, changes nothing.
 *
 * @param log - The session log.
 * @param values - Match values (≥ 0), one per scored unit, in `indexes` order: the ones scaled.
 * @param own - The units' own match values (≥ 0, same order) that make the sittings' matches.
 * @param indexes - The log index of each value's unit, ascending.
 * @param share - 0–1; 0 returns `values` itself.
 * @param top - How many of a sitting's best values make its match, ≥ 1.
 * @returns The scaled values (a new array unless nothing changes). @internal
 */
export function sittingPrior(log: SessionLog, values: Float64Array, own: Float64Array, indexes: readonly number[], share: number, top: number): Float64Array {
  if (share <= 0 || top < 1 || indexes.length < 2) return values;
  const { ids, count } = sittingsOf(log);
  if (count < 2) return values;
  // Each sitting's `top` best values, best first (zeros until filled).
  const best = new Float64Array(count * top);
  for (let offset = 0; offset < indexes.length; offset++) {
    const value = own[offset]!;
    if (!(value > 0)) continue;
    const start = ids[indexes[offset]!]! * top;
    if (value <= best[start + top - 1]!) continue;
    let place = start + top - 1;
    while (place > start && best[place - 1]! < value) {
      best[place] = best[place - 1]!;
      place--;
    }
    best[place] = value;
  }
  const match = new Float64Array(count);
  let most = 0;
  for (let sitting = 0; sitting < count; sitting++) {
    let sum = 0;
    for (let place = sitting * top; place < (sitting + 1) * top; place++) sum += best[place]!;
    match[sitting] = sum;
    if (sum > most) most = sum;
  }
  if (most <= 0) return values;
  const scaled = new Float64Array(values.length);
  for (let offset = 0; offset < values.length; offset++) {
    // At most 1: `1 - share + share` can round above it.
    const factor = Math.min(1, 1 - share + (share * match[ids[indexes[offset]!]!]!) / most);
    scaled[offset] = values[offset]! * factor;
  }
  return scaled;
}
