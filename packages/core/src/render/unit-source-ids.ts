import type { SessionLog } from '../log/index.js';

/**
 * The log's message ids in unit order (each unit's positions in order, unit after unit) and where
 * each unit's ids start: `ids[starts[unit]]` up to `ids[starts[unit + 1]]` are the ids of `unit`.
 * @internal
 */
export interface UnitSourceIds {
  readonly ids: readonly string[];
  /** One more than the units: `starts[units]` is the number of ids. */
  readonly starts: readonly number[];
}

interface Cached {
  entries: number;
  ids: string[];
  starts: number[];
}

/** One per log, kept while the log lives: it holds a reference to each message id, as the log does. */
const cache = new WeakMap<SessionLog, Cached>();

/**
 * {@link UnitSourceIds} of `log` as it is now. Built once and brought up to date when the log has
 * grown (the log is append-only): from the first unit an appended message joined on, so a turn
 * that appends new units, or a late tool result for a recent unit, redoes only the tail. What a
 * Background_Context block stands for is read from it by ranges of units, without visiting the
 * units themselves. @internal
 */
export function unitSourceIds(log: SessionLog): UnitSourceIds {
  const { entries, units } = log;
  let cached = cache.get(log);
  if (cached && cached.entries === entries.length) return cached;
  if (!cached) cache.set(log, (cached = { entries: 0, ids: [], starts: [0] }));
  // The first unit that gained a message since: everything before it is unchanged.
  let from = cached.starts.length - 1;
  for (let position = cached.entries; position < entries.length; position++) from = Math.min(from, entries[position]!.unit);
  const { ids, starts } = cached;
  ids.length = starts[from]!;
  starts.length = from + 1;
  for (let unit = from; unit < units.length; unit++) {
    for (const position of units[unit]!.positions) ids.push(entries[position]!.message.id);
    starts.push(ids.length);
  }
  cached.entries = entries.length;
  return cached;
}

/** How many log messages the units of `covers` (flat ranges `[start, end, …]`) hold. @internal */
export function coveredSourceCount(log: SessionLog, covers: readonly number[]): number {
  const { starts } = unitSourceIds(log);
  let count = 0;
  for (let at = 0; at < covers.length; at += 2) count += starts[covers[at + 1]! + 1]! - starts[covers[at]!]!;
  return count;
}
