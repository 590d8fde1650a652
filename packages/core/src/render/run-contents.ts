import type { SessionLog, Unit } from '../log/index.js';

/** What a merged placeholder run lists and counts: its message ids, its tools and its failed units. @internal */
export interface RunContents {
  /** The ids of the run's messages, unit by unit, each unit's in its positions' order. */
  readonly sourceIds: string[];
  /** The distinct tools the run's units call (in no particular order) … */
  readonly names: readonly string[];
  /** … and how many calls each has. */
  readonly counts: readonly number[];
  /** Units of the run with a failed result. */
  readonly failed: number;
}

/** Distinct tool names counted in plain arrays before a tally turns to a map; also the most tools the index keeps counts of. */
const SMALL_TALLY = 16;

/** Tool call counts by name: two arrays while the names are few, a map past {@link SMALL_TALLY}. */
class ToolCounts {
  readonly names: string[] = [];
  readonly counts: number[] = [];
  #many: Map<string, number> | undefined;

  add(name: string, count: number): void {
    if (this.#many) {
      this.#many.set(name, (this.#many.get(name) ?? 0) + count);
      return;
    }
    const slot = this.names.indexOf(name);
    if (slot >= 0) this.counts[slot]! += count;
    else if (this.names.length < SMALL_TALLY) {
      this.names.push(name);
      this.counts.push(count);
    } else {
      this.#many = new Map(this.names.map((known, index) => [known, this.counts[index]!]));
      this.#many.set(name, count);
    }
  }

  /** The names and counts (a name counted 0 times is left out). */
  result(): { names: string[]; counts: number[] } {
    const entries: [string, number][] = this.#many ? [...this.#many] : this.names.map((name, index) => [name, this.counts[index]!]);
    const kept = entries.filter(([, count]) => count > 0);
    return { names: kept.map(([name]) => name), counts: kept.map(([, count]) => count) };
  }
}

/**
 * Per log, the settled units from its start (every call answered: a settled unit never changes
 * its messages, calls or failure again) as flat lists: their message ids in unit order, where
 * each unit's ids start, and running counts of failed units and of each tool's calls (while the
 * log calls at most {@link SMALL_TALLY} tools). A run within them is then a slice and a few
 * subtractions instead of a visit of each unit, its positions and its calls — the units of a
 * large log lie all over memory, and a new question's view lists most of them in its runs.
 */
interface RunIndex {
  /** The last unit indexed (a log whose units were replaced is indexed afresh). */
  last: Unit | undefined;
  /** Units indexed: the longest prefix of settled units. */
  size: number;
  readonly ids: string[];
  /** `starts.values[unit]`: where the unit's ids start in `ids` (one more entry than units indexed). */
  readonly starts: GrowingInts;
  /** `failed.values[unit]`: failed units before `unit` (one more entry than units indexed). */
  readonly failed: GrowingInts;
  readonly tools: string[];
  /** Per tool of `tools`, its calls before each unit; `undefined` once the log calls too many tools. */
  calls: GrowingInts[] | undefined;
}

/** A list of 32-bit integers grown by doubling (half the memory of a number array). */
class GrowingInts {
  values: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.values = new Int32Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(2 * this.values.length);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  /** The last value pushed. */
  get last(): number {
    return this.values[this.length - 1]!;
  }
}

const indexes = new WeakMap<SessionLog, RunIndex>();

function runIndex(log: SessionLog): RunIndex {
  let index = indexes.get(log);
  const { units, entries } = log;
  if (index === undefined || index.size > units.length || (index.size > 0 && units[index.size - 1] !== index.last)) {
    index = { last: undefined, size: 0, ids: [], starts: new GrowingInts(units.length + 1), failed: new GrowingInts(units.length + 1), tools: [], calls: [] };
    index.starts.push(0);
    index.failed.push(0);
    indexes.set(log, index);
  }
  const { ids, starts, failed, tools } = index;
  for (let at = index.size; at < units.length && units[at]!.openCalls === 0; at++) {
    const unit = units[at]!;
    for (const position of unit.positions) ids.push(entries[position]!.message.id);
    starts.push(ids.length);
    failed.push(failed.last + (unit.isError ? 1 : 0));
    if (index.calls !== undefined) {
      for (const call of unit.calls) {
        if (tools.includes(call.name)) continue;
        tools.push(call.name);
        if (tools.length > SMALL_TALLY) break;
        // A tool met now was called 0 times before.
        const counts = new GrowingInts(units.length + 1);
        for (let before = 0; before <= at; before++) counts.push(0);
        index.calls.push(counts);
      }
      if (tools.length > SMALL_TALLY) index.calls = undefined;
      else {
        for (let tool = 0; tool < tools.length; tool++) {
          const counts = index.calls[tool]!;
          let called = 0;
          for (const call of unit.calls) if (call.name === tools[tool]) called++;
          counts.push(counts.last + called);
        }
      }
    }
    index.size = at + 1;
    index.last = unit;
  }
  return index;
}

/**
 * How many units from the start of `log` are settled (every call answered), the index brought up
 * to date: a unit below it never takes another message. @internal
 */
export function settledUnits(log: SessionLog): number {
  return runIndex(log).size;
}

/**
 * The contents of a merged run of `units` (two or more consecutive units of `log`): exactly what
 * a visit of each unit finds, read for the settled units from the log's {@link RunIndex}. @internal
 */
export function runContents(log: SessionLog, units: readonly Unit[]): RunContents {
  const first = units[0]!.index;
  const last = units[units.length - 1]!.index;
  const consecutive = units.length === last - first + 1 && log.units[first] === units[0] && log.units[last] === units[units.length - 1];
  const index = consecutive ? runIndex(log) : undefined;
  // Units [first, split) are read from the index, [split, last] one by one.
  const split = index === undefined ? first : Math.min(Math.max(first, index.size), last + 1);
  const tools = new ToolCounts();
  let sourceIds: string[];
  let failed = 0;
  if (index !== undefined && split > first) {
    sourceIds = index.ids.slice(index.starts.values[first]!, index.starts.values[split]!);
    failed = index.failed.values[split]! - index.failed.values[first]!;
    if (index.calls !== undefined) {
      for (let tool = 0; tool < index.tools.length; tool++) {
        const counts = index.calls[tool]!.values;
        const called = counts[split]! - counts[first]!;
        if (called > 0) tools.add(index.tools[tool]!, called);
      }
    } else {
      for (let at = first; at < split; at++) for (const call of log.units[at]!.calls) tools.add(call.name, 1);
    }
  } else sourceIds = [];
  if (split <= last) {
    const { entries } = log;
    for (let at = split - first; at < units.length; at++) {
      const unit = units[at]!;
      for (const position of unit.positions) sourceIds.push(entries[position]!.message.id);
      for (const call of unit.calls) tools.add(call.name, 1);
      if (unit.isError) failed++;
    }
  }
  const { names, counts } = tools.result();
  return { sourceIds, names, counts, failed };
}
