import type { SessionLog } from '../log/index.js';
import { cosine, mergeTermBags, vectorFromBag, type TermBag } from '../text/index.js';
import type { ResolvedConsolidationOptions } from '../options/index.js';

/** Where the open (not yet consolidated) original pages stand between two calls. @internal */
export interface SegmentCursor {
  /** First unit of the open pages. */
  start: number;
  /** Next boundary to test (a unit index > start; ≤ start: none tested yet). */
  next: number;
  /** Tokens of the units `start..next - 1`. */
  tokens: number;
  /** Units counted in `documents` so far (always a prefix of the log). */
  counted: number;
  /** Document frequency of each term over the units counted so far (the causal idf). */
  documents: Map<number, number>;
}

/** A cursor at the start of a log. @internal */
export function newSegmentCursor(): SegmentCursor {
  return { start: 0, next: 0, tokens: 0, counted: 0, documents: new Map() };
}

/** Counts units into the cursor's document frequencies up to (not including) `end`. */
function countUnits(log: SessionLog, cursor: SegmentCursor, end: number): void {
  for (; cursor.counted < end; cursor.counted++) {
    const { bag } = log.unitFeatures(cursor.counted);
    for (const id of bag.ids) cursor.documents.set(id, (cursor.documents.get(id) ?? 0) + 1);
  }
}

/**
 * Units a unit with calls still open may lag the log's end before a boundary decision reads it as
 * it is (a call never answered would otherwise hold every later page open). A result arriving
 * later than that is the one case where a decision read a unit that then changed. @internal
 */
export const OPEN_CALL_WAIT_UNITS = 64;

/**
 * The first unit from `from` on that a boundary decision may not read yet: one whose tool calls
 * are still open (its result joins it later, changing its tokens and terms), unless it lags the
 * log's end by {@link OPEN_CALL_WAIT_UNITS} units or more. The log's length when there is none.
 */
function firstUnsettled(log: SessionLog, from: number): number {
  const { units } = log;
  for (let unit = Math.max(0, from, units.length - OPEN_CALL_WAIT_UNITS); unit < units.length; unit++) if (units[unit]!.openCalls > 0) return unit;
  return units.length;
}

/** A run of original pages to freeze into one consolidated page. @internal */
export interface Segment {
  first: number;
  last: number;
  trigger: 'pivot' | 'length' | 'boundary';
}

function bagOf(log: SessionLog, from: number, to: number): TermBag {
  const bags: TermBag[] = [];
  for (let unit = from; unit < to; unit++) bags.push(log.unitFeatures(unit).bag);
  return mergeTermBags(bags);
}

/**
 * Lexical cohesion across the boundary before unit `at`: the cosine of the term bags of up to
 * `window` units before it (not before `start`) and the `window` units from it, each term
 * weighted (1 + log tf) × log(N / df) over the N units counted so far — the units before
 * `at + window` only, so the value never changes as the log grows (words every unit uses weigh
 * nothing). @internal
 */
export function cohesionAt(log: SessionLog, cursor: SegmentCursor, at: number, window: number): number {
  countUnits(log, cursor, at + window);
  const total = cursor.counted;
  const weight = (id: number, frequency: number) => (1 + Math.log(frequency)) * Math.log(total / (cursor.documents.get(id) ?? total));
  const before = vectorFromBag(bagOf(log, Math.max(cursor.start, at - window), at), weight);
  const after = vectorFromBag(bagOf(log, at, at + window), weight);
  return cosine(before, after);
}

/**
 * Finds the runs of original pages that freeze into consolidated pages, from `cursor` on, and
 * moves the cursor past them. Boundaries are tested in log order; the boundary before unit `k`
 * is tested once `k + window` units exist (the last `window` pages always stay open, as the
 * seed's active original pages). A run freezes before `k` when its tokens reach `maxTokens`
 * (length overflow), when cohesion across `k` falls below `pivotSimilarity` and the run has
 * `minPages` pages (topic pivot), or when unit `k` is a system message (never consolidated).
 * Each decision reads only units before `k + window`, and only once none of those has a tool
 * call still open (a result joining a unit would change what the decision read; see
 * {@link OPEN_CALL_WAIT_UNITS}), so appending to the log never changes an earlier one: the same
 * log gives the same pages, however it was ingested (turn by turn, or in one batch on restore). @internal
 */
export function segmentPages(log: SessionLog, cursor: SegmentCursor, options: ResolvedConsolidationOptions): Segment[] {
  const { units } = log;
  const segments: Segment[] = [];
  const settled = firstUnsettled(log, cursor.start);
  const freeze = (last: number, trigger: Segment['trigger'], restart: number): void => {
    if (last >= cursor.start) segments.push({ first: cursor.start, last, trigger });
    cursor.start = restart;
    cursor.next = restart;
    cursor.tokens = 0;
  };
  // A system unit at the start of the open run is skipped: it is never consolidated.
  while (cursor.start < units.length && units[cursor.start]!.kind === 'system') freeze(cursor.start - 1, 'boundary', cursor.start + 1);
  for (;;) {
    if (cursor.start >= units.length) break;
    // The open run's first unit's tokens are read only once the decision may read it (settled).
    if (Math.max(cursor.next, cursor.start + 1) + options.window > settled) break;
    if (cursor.next <= cursor.start) {
      cursor.next = cursor.start + 1;
      cursor.tokens = units[cursor.start]!.messageTokens;
    }
    const at = cursor.next;
    const pages = at - cursor.start;
    if (units[at]!.kind === 'system') {
      freeze(at - 1, 'boundary', at + 1);
      while (cursor.start < units.length && units[cursor.start]!.kind === 'system') freeze(cursor.start - 1, 'boundary', cursor.start + 1);
      continue;
    }
    if (cursor.tokens >= options.maxTokens) {
      freeze(at - 1, 'length', at);
      continue;
    }
    if (pages >= options.minPages && cohesionAt(log, cursor, at, options.window) < options.pivotSimilarity) {
      freeze(at - 1, 'pivot', at);
      continue;
    }
    cursor.tokens += units[at]!.messageTokens;
    cursor.next = at + 1;
  }
  return segments;
}
