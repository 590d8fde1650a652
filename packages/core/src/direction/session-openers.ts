import type { SessionLog } from '../log/index.js';

/**
 * A pause between two messages' timestamps (milliseconds) from which the later one opens a new
 * sitting of the conversation: an hour. @internal
 */
export const SESSION_GAP_MS = 60 * 60 * 1_000;

interface OpenerCache {
  openers: Uint8Array;
  size: number;
  /** The latest timestamp seen so far (NaN: none yet). */
  last: number;
  /** Whether any unit opens a sitting after a pause (the log has timed sittings). */
  any: boolean;
}

const caches = new WeakMap<SessionLog, OpenerCache>();

/**
 * Which units open a sitting of the conversation, by unit index (1: opens): a user or assistant
 * message whose lead message's timestamp comes {@link SESSION_GAP_MS} or more after the latest
 * timestamp before it. The first timed chat message opens the first sitting. `any` is false when
 * no unit opens one after a pause (no timestamps, or one sitting): then the cue says nothing.
 * Read once per unit and kept beside the log. @internal
 */
export function sessionOpeners(log: SessionLog): { openers: Uint8Array; any: boolean } {
  let cache = caches.get(log);
  if (cache === undefined || cache.size > log.units.length) {
    cache = { openers: new Uint8Array(Math.max(64, log.units.length)), size: 0, last: Number.NaN, any: false };
    caches.set(log, cache);
  }
  if (cache.openers.length < log.units.length) {
    const grown = new Uint8Array(Math.max(log.units.length, 2 * cache.openers.length));
    grown.set(cache.openers);
    cache.openers = grown;
  }
  for (let index = cache.size; index < log.units.length; index++) {
    const unit = log.units[index]!;
    const time = log.entries[unit.positions[0]!]!.message.timestamp;
    if (time === undefined || (unit.kind !== 'user' && unit.kind !== 'assistant')) continue;
    const opens = Number.isNaN(cache.last) || time - cache.last >= SESSION_GAP_MS;
    if (opens) {
      cache.openers[index] = 1;
      if (!Number.isNaN(cache.last)) cache.any = true;
    }
    if (Number.isNaN(cache.last) || time > cache.last) cache.last = time;
  }
  cache.size = log.units.length;
  return { openers: cache.openers, any: cache.any };
}

/**
 * For a question, each unit's share of its score by whether it opens a sitting: a chat message
 * that does not keep `share`. A conversation held over days opens each sitting with the news
 * since the last ("I joined a gym last week!", "we went camping two weekends ago"), which
 * questions about what someone did ask for. Nothing changes in a log without timed sittings
 * (see {@link sessionOpeners}) or when `share` is 1. Multiplies into `focus`, or starts from 1.
 * @internal
 */
export function openerFocus(log: SessionLog, indexes: readonly number[], focus: Float64Array | undefined, share: number): Float64Array | undefined {
  if (share >= 1 || indexes.length === 0) return focus;
  const { openers, any } = sessionOpeners(log);
  if (!any) return focus;
  const factors = focus ? Float64Array.from(focus) : new Float64Array(indexes.length).fill(1);
  for (let offset = 0; offset < indexes.length; offset++) {
    const index = indexes[offset]!;
    const kind = log.units[index]!.kind;
    if ((kind === 'user' || kind === 'assistant') && openers[index] === 0) factors[offset] = factors[offset]! * share;
  }
  return factors;
}

/**
 * EXPLORATION: for a question, each unit's share of its score by its rank within its sitting
 * (by `intent` / its best + `keyword` / its best, times `focus`): the `keep` best of each sitting
 * keep their score, the others keep `share`. @internal
 */
export function sittingFocus(log: SessionLog, indexes: readonly number[], intent: Float64Array, keyword: Float64Array, focus: Float64Array | undefined, share: number, keep: number): Float64Array | undefined {
  if (share >= 1 || indexes.length === 0) return focus;
  const { openers, any } = sessionOpeners(log);
  if (!any) return focus;
  let maxIntent = 1e-9;
  let maxKeyword = 1e-9;
  for (let offset = 0; offset < indexes.length; offset++) {
    maxIntent = Math.max(maxIntent, intent[offset]!);
    maxKeyword = Math.max(maxKeyword, keyword[offset]!);
  }
  const factors = focus ? Float64Array.from(focus) : new Float64Array(indexes.length).fill(1);
  const match = (offset: number) => (intent[offset]! / maxIntent + keyword[offset]! / maxKeyword) * (focus ? focus[offset]! : 1);
  let start = 0;
  const close = (end: number) => {
    const offsets: number[] = [];
    for (let offset = start; offset < end; offset++) offsets.push(offset);
    offsets.sort((left, right) => match(right) - match(left) || left - right);
    for (const offset of offsets.slice(keep)) {
      const kind = log.units[indexes[offset]!]!.kind;
      if (kind === 'user' || kind === 'assistant') factors[offset] = factors[offset]! * share;
    }
  };
  for (let offset = 1; offset < indexes.length; offset++) {
    if (openers[indexes[offset]!] === 1) {
      close(offset);
      start = offset;
    }
  }
  close(indexes.length);
  return factors;
}

/** EXPLORATION: each sitting's opener takes `share` of the best value in its sitting. @internal */
export function shareWithOpeners(log: SessionLog, values: Float64Array, indexes: readonly number[], share: number): Float64Array {
  if (share <= 0 || indexes.length < 2) return values;
  const { openers, any } = sessionOpeners(log);
  if (!any) return values;
  const lifted = Float64Array.from(values);
  let start = 0;
  const close = (end: number) => {
    if (openers[indexes[start]!] !== 1) return;
    let best = 0;
    for (let offset = start + 1; offset < end; offset++) best = Math.max(best, values[offset]!);
    lifted[start] = Math.max(lifted[start]!, share * best);
  };
  for (let offset = 1; offset < indexes.length; offset++) {
    if (openers[indexes[offset]!] === 1) {
      close(offset);
      start = offset;
    }
  }
  close(indexes.length);
  return lifted;
}
