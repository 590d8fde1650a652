import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { blend, fromEntries, type SparseVector } from './sparse-vector.js';
import { blend as referenceBlend } from './test-support/reference-sparse-vector.js';

/** A sparse vector over a few ids, weights of either sign (some parts share ids, some weights cancel). */
const vector = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.oneof(fc.integer({ min: -4, max: 4 }).map((value) => value / 4), fc.double({ min: -10, max: 10, noNaN: true }))), { maxLength: 40 })
  .map((entries) => fromEntries(entries));
const part = fc.record({ vector, weight: fc.oneof(fc.constantFrom(0, 0.5, 1, -1, 0.2, 0.8), fc.double({ min: -3, max: 3, noNaN: true })) });
const maxTerms = fc.oneof(fc.integer({ min: 1, max: 30 }), fc.constant(Infinity), fc.constant(512));

function same(actual: SparseVector, expected: SparseVector): void {
  expect([...actual.ids]).toEqual([...expected.ids]);
  // Object.is per weight: the same bits, not merely close.
  expect(actual.weights.length).toBe(expected.weights.length);
  actual.weights.forEach((weight, index) => expect(Object.is(weight, expected.weights[index]), `weight ${index}: ${weight} vs ${expected.weights[index]}`).toBe(true));
}

describe('blend: the merge walk over sorted parts gives the map-summed blend, bit for bit', () => {
  test.prop([fc.array(part, { maxLength: 4 }), maxTerms], { numRuns: 1000 })('same ids and weights for any parts and any cut', (parts, cut) => {
    same(blend(parts, { maxTerms: cut }), referenceBlend(parts, { maxTerms: cut }));
  });

  // Weights whose sums round differently when added in another order: the parts must be added
  // up in their order, as the map did.
  const roundingPart = fc.record({
    vector: fc.subarray([0, 1, 2, 3, 4, 5], { minLength: 1 }).map((ids) => fromEntries(ids.map((id) => [id, 1] as const))),
    weight: fc.constantFrom(1e16, 3, -1e16 - 2, 0.1, -0.3, 1),
  });
  test.prop([fc.array(roundingPart, { minLength: 2, maxLength: 5 }), maxTerms], { numRuns: 500 })('parts added in their order, bit for bit, where the order changes the rounding', (parts, cut) => {
    same(blend(parts, { maxTerms: cut }), referenceBlend(parts, { maxTerms: cut }));
  });

  test.prop([fc.array(part, { minLength: 1, maxLength: 3 }), maxTerms], { numRuns: 200 })('a part whose ids are not ascending is blended as the map did', (parts, cut) => {
    const shuffled = parts.map(({ vector: { ids, weights }, weight }) => ({ vector: { ids: ids.slice().reverse(), weights: weights.slice().reverse() }, weight }));
    same(blend(shuffled, { maxTerms: cut }), referenceBlend(shuffled, { maxTerms: cut }));
  });

  test.prop([fc.array(part, { maxLength: 4 }), maxTerms], { numRuns: 200 })('same input, same output; ids ascending and no weight 0', (parts, cut) => {
    const first = blend(parts, { maxTerms: cut });
    same(blend(parts, { maxTerms: cut }), first);
    for (let index = 1; index < first.ids.length; index++) expect(first.ids[index - 1]!).toBeLessThan(first.ids[index]!);
    for (const weight of first.weights) expect(weight).not.toBe(0);
    expect(first.ids.length).toBeLessThanOrEqual(cut);
  });
});
