import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createCharTokenCounter, SessionLog, type CairnMessage } from '../log/index.js';
import { createLexicalVectoriser } from '../text/index.js';
import { SITTING_GAP_MS, sittingPrior, sittingsOf } from './sitting-prior.js';

const counter = createCharTokenCounter();
const HOUR = SITTING_GAP_MS;

/** A chat whose message `i` comes `gaps[i]` ms after the one before (undefined: untimed). */
function logOf(gaps: readonly (number | undefined)[]): SessionLog {
  const log = new SessionLog(counter, createLexicalVectoriser());
  let time = 1_700_000_000_000;
  log.append(gaps.map((gap, index): CairnMessage => ({ id: `m${index}`, role: index % 2 === 0 ? 'user' : 'assistant', content: `line ${index}`, ...(gap === undefined ? {} : { timestamp: (time += gap) }) })));
  return log;
}

/** Gaps (some open a sitting), a subset of the units (ascending) and two value arrays for it. */
const scored = fc
  .array(fc.option(fc.constantFrom(0, 60_000, HOUR - 1, HOUR, 86_400_000), { nil: undefined }), { minLength: 1, maxLength: 40 })
  .chain((gaps) => fc.tuple(fc.constant(gaps), fc.subarray(gaps.map((_, index) => index), { minLength: 1 })))
  .chain(([gaps, indexes]) => {
    const values = fc.array(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 5, noNaN: true })), { minLength: indexes.length, maxLength: indexes.length });
    return fc.tuple(fc.constant(gaps), fc.constant(indexes), values, values);
  });

describe('sitting prior', () => {
  it('opens a sitting after a pause of an hour or more, and keeps untimed units in the one before', () => {
    const log = logOf([0, 60_000, HOUR - 1, HOUR, undefined, 86_400_000]);
    const { ids, count } = sittingsOf(log);
    expect(Array.from(ids.subarray(0, 6))).toEqual([0, 0, 0, 1, 1, 2]);
    expect(count).toBe(3);
    // Appends read only the new units.
    log.append([{ id: 'late', role: 'user', content: 'later', timestamp: 1_700_000_000_000 + 10 * 86_400_000 }]);
    expect(sittingsOf(log).count).toBe(4);
  });

  it('scales values by their sitting\'s mean of its best own values, relative to the best sitting\'s', () => {
    // Sittings: units 0–2 and 3–5.
    const log = logOf([0, 0, 0, HOUR, 0, 0]);
    const own = Float64Array.from([1, 1, 0, 1, 0, 0]);
    const values = Float64Array.from([1, 1, 0.5, 1, 0.5, 0]);
    // top 2: sitting 0 → 2, sitting 1 → 1 (half of the best); share 0.6 → factors 1 and 0.7.
    const scaled = sittingPrior(log, values, own, [0, 1, 2, 3, 4, 5], 0.6, 2);
    expect(Array.from(scaled).map((value) => Math.round(value * 1e9) / 1e9)).toEqual([1, 1, 0.5, 0.7, 0.35, 0]);
    expect(sittingPrior(log, values, own, [0, 1, 2, 3, 4, 5], 0, 2)).toBe(values);
    // One sitting (no timestamps): unchanged.
    const flat = logOf([undefined, undefined, undefined]);
    const three = Float64Array.from([1, 0, 0.5]);
    expect(sittingPrior(flat, three, three, [0, 1, 2], 0.6, 3)).toBe(three);
  });

  test.prop([scored, fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 6 })], { numRuns: 300 })(
    'never raises a value, keeps zeros and the best sitting\'s values, lowers by at most the share, same input same output',
    ([gaps, indexes, values, own], share, top) => {
      const log = logOf(gaps);
      const input = Float64Array.from(values);
      const scaled = sittingPrior(log, input, Float64Array.from(own), indexes, share, top);
      expect(Array.from(input)).toEqual(values);
      expect(scaled).toHaveLength(values.length);
      const { ids } = sittingsOf(log);
      // The sittings whose summed `top` best own values are the largest keep their values.
      const sums = new Map<number, number[]>();
      indexes.forEach((index, offset) => sums.set(ids[index]!, [...(sums.get(ids[index]!) ?? []), own[offset]!]));
      const match = new Map([...sums].map(([sitting, list]) => [sitting, [...list].sort((a, b) => b - a).slice(0, top).reduce((sum, value) => sum + value, 0)]));
      const most = Math.max(...match.values());
      scaled.forEach((value, offset) => {
        expect(value).toBeLessThanOrEqual(values[offset]!);
        expect(value).toBeGreaterThanOrEqual(values[offset]! * (1 - share) - 1e-12);
        if (values[offset] === 0) expect(value).toBe(0);
        if (match.get(ids[indexes[offset]!]!) === most) expect(value).toBeCloseTo(values[offset]!, 12);
      });
      expect(sittingPrior(logOf(gaps), Float64Array.from(values), Float64Array.from(own), indexes, share, top)).toEqual(scaled);
    },
  );
});
