import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createCharTokenCounter, SessionLog } from '../log/index.js';
import { createLexicalVectoriser } from '../text/index.js';
import { arbitrarySessionSpec, sessionFromSpec } from '../test-support/arbitrary-session.js';
import { coveredSourceIds } from './background-memo.js';
import { coveredSourceCount, unitSourceIds } from './unit-source-ids.js';

// The ids a Background_Context block stands for are read from a cache of the log's ids in unit
// order, brought up to date as the log grows (late tool results join earlier units): after every
// batch, the ids of any ranges of units are the ids of those units' messages, read unit by unit.

/** What a block stands for, read from the units themselves (the reference). */
function naiveIds(log: SessionLog, covers: readonly number[]): string[] {
  const ids: string[] = [];
  for (let at = 0; at < covers.length; at += 2) {
    for (let unit = covers[at]!; unit <= covers[at + 1]!; unit++) for (const position of log.units[unit]!.positions) ids.push(log.entries[position]!.message.id);
  }
  return ids;
}

/** Sorted, disjoint ranges `[start, end, …]` of `units` drawn from `cuts`. */
function rangesOf(units: number, cuts: readonly number[]): number[] {
  const bounds = [...new Set(cuts.map((cut) => cut % units))].sort((a, b) => a - b);
  const covers: number[] = [];
  for (let at = 0; at + 1 < bounds.length; at += 2) covers.push(bounds[at]!, bounds[at + 1]!);
  return covers;
}

describe('unitSourceIds', () => {
  test.prop([arbitrarySessionSpec({ maxTurns: 25, maxWords: 20, deferResults: true, dropResults: true }), fc.array(fc.nat(), { maxLength: 5 }), fc.array(fc.nat(), { maxLength: 10 })], { numRuns: 120 })(
    'after every batch, the ids of any ranges of units are their messages’ ids, unit by unit',
    (spec, batches, cuts) => {
      const messages = sessionFromSpec(spec);
      const log = new SessionLog(createCharTokenCounter(), createLexicalVectoriser());
      const bounds = [...new Set(batches.map((cut) => cut % (messages.length + 1)))].sort((a, b) => a - b);
      let from = 0;
      for (const to of [...bounds, messages.length]) {
        log.append(messages.slice(from, to));
        from = to;
        if (log.units.length === 0) continue;
        const all = [0, log.units.length - 1];
        expect(coveredSourceIds(log, all)).toEqual(naiveIds(log, all));
        const covers = rangesOf(log.units.length, cuts);
        expect(coveredSourceIds(log, covers)).toEqual(naiveIds(log, covers));
        expect(coveredSourceCount(log, covers)).toBe(naiveIds(log, covers).length);
        expect(unitSourceIds(log).starts).toHaveLength(log.units.length + 1);
      }
    },
  );
});
