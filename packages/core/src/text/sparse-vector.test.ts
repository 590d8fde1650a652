import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  blend,
  cosine,
  distance,
  dot,
  EMPTY_VECTOR,
  fromEntries,
  norm,
  normalize,
  subtract,
  vectorFromBag,
  type SparseVector,
} from './sparse-vector.js';
import type { TermBag } from './term-bag.js';

/** Non-negative sparse vectors over ids 0–40, possibly empty. */
const vectors = fc
  .array(fc.tuple(fc.nat({ max: 40 }), fc.float({ min: Math.fround(0.001), max: 100, noNaN: true })), { maxLength: 20 })
  .map((entries) => fromEntries(entries));
const nonEmptyVectors = vectors.filter((vector) => vector.ids.length > 0);

function entriesOf(vector: SparseVector): [number, number][] {
  return [...vector.ids].map((id, index) => [id, vector.weights[index]!]);
}

function bagOf(entries: [number, number][]): TermBag {
  return {
    ids: Int32Array.from(entries.map(([id]) => id)),
    counts: Float32Array.from(entries.map(([, count]) => count)),
    length: entries.reduce((sum, [, count]) => sum + count, 0),
  };
}

describe('fromEntries', () => {
  test('sorts ids, adds repeats and drops zeros', () => {
    expect(entriesOf(fromEntries([[5, 1], [2, 3], [5, 1], [9, 0]]))).toEqual([[2, 3], [5, 2]]);
    expect(fromEntries([])).toBe(EMPTY_VECTOR);
  });
});

describe('vectorFromBag', () => {
  test('weighs by 1 + ln(tf) and normalises', () => {
    const vector = vectorFromBag(bagOf([[1, 1], [4, Math.E]]));
    expect([...vector.ids]).toEqual([1, 4]);
    expect(vector.weights[0]!).toBeCloseTo(1 / Math.sqrt(5));
    expect(vector.weights[1]!).toBeCloseTo(2 / Math.sqrt(5));
    expect(norm(vector)).toBeCloseTo(1);
  });

  test('applies a custom weight and drops non-positive weights', () => {
    const vector = vectorFromBag(bagOf([[1, 1], [2, 1], [3, 1]]), (termId) => (termId === 2 ? 0 : termId));
    expect([...vector.ids]).toEqual([1, 3]);
    expect(vector.weights[1]! / vector.weights[0]!).toBeCloseTo(3);
  });

  test('is empty for an empty bag', () => {
    expect(vectorFromBag(bagOf([]))).toBe(EMPTY_VECTOR);
  });
});

describe('dot, norm, normalize, cosine', () => {
  const a = fromEntries([[1, 1], [2, 2], [5, 3]]);
  const b = fromEntries([[2, 4], [3, 1], [5, 1]]);

  test('dot multiplies shared ids only', () => {
    expect(dot(a, b)).toBe(2 * 4 + 3 * 1);
    expect(dot(a, EMPTY_VECTOR)).toBe(0);
  });

  test('norm and normalize', () => {
    expect(norm(a)).toBeCloseTo(Math.sqrt(14));
    expect(norm(normalize(a))).toBeCloseTo(1);
    expect(normalize(EMPTY_VECTOR)).toBe(EMPTY_VECTOR);
    expect(normalize(fromEntries([[0, 1e30], [1, 1e30]])).weights[0]!).toBeCloseTo(Math.SQRT1_2);
  });

  test('cosine', () => {
    expect(cosine(a, b)).toBeCloseTo(11 / (Math.sqrt(14) * Math.sqrt(18)));
    expect(cosine(a, EMPTY_VECTOR)).toBe(0);
    expect(cosine(EMPTY_VECTOR, EMPTY_VECTOR)).toBe(0);
    expect(cosine(fromEntries([[1, 1]]), fromEntries([[2, 1]]))).toBe(0);
  });

  propertyTest.prop([vectors, vectors])('dot is symmetric and cosine is in [0, 1]', (left, right) => {
    expect(dot(left, right)).toBe(dot(right, left));
    const similarity = cosine(left, right);
    expect(similarity).toBeGreaterThanOrEqual(0);
    expect(similarity).toBeLessThanOrEqual(1);
  });

  propertyTest.prop([nonEmptyVectors])('cosine of a vector with itself is 1', (vector) => {
    expect(cosine(vector, vector)).toBeCloseTo(1, 6);
  });
});

describe('subtract and distance', () => {
  const a = fromEntries([[1, 1], [2, 2]]);
  const b = fromEntries([[2, 2], [3, 1]]);

  test('subtract', () => {
    expect(entriesOf(subtract(a, b))).toEqual([[1, 1], [3, -1]]);
    expect(subtract(a, a)).toBe(EMPTY_VECTOR);
  });

  test('distance is the norm of the difference', () => {
    expect(distance(a, b)).toBeCloseTo(Math.SQRT2);
    expect(distance(a, a)).toBe(0);
    expect(distance(normalize(a), EMPTY_VECTOR)).toBeCloseTo(1);
  });

  propertyTest.prop([vectors, vectors])('distance equals norm(subtract) and is symmetric', (left, right) => {
    expect(distance(left, right)).toBeCloseTo(norm(subtract(left, right)), 3);
    expect(distance(left, right)).toBe(distance(right, left));
  });
});

describe('blend', () => {
  test('is the normalised weighted sum', () => {
    const result = blend([
      { vector: fromEntries([[1, 1]]), weight: 0.75 },
      { vector: fromEntries([[2, 1]]), weight: 0.25 },
    ]);
    expect([...result.ids]).toEqual([1, 2]);
    expect(result.weights[0]! / result.weights[1]!).toBeCloseTo(3);
    expect(norm(result)).toBeCloseTo(1);
  });

  test('keeps the largest weights, ties to the lower id', () => {
    const vector = fromEntries([[7, 1], [3, 1], [5, 2], [1, 0.5]]);
    expect([...blend([{ vector, weight: 1 }], { maxTerms: 2 }).ids]).toEqual([3, 5]);
    expect([...blend([{ vector, weight: 1 }], { maxTerms: 1 }).ids]).toEqual([5]);
  });

  test('is empty when nothing is left', () => {
    expect(blend([])).toBe(EMPTY_VECTOR);
    expect(blend([{ vector: fromEntries([[1, 1]]), weight: 0 }])).toBe(EMPTY_VECTOR);
    const vector = fromEntries([[1, 1]]);
    expect(blend([{ vector, weight: 1 }, { vector, weight: -1 }])).toBe(EMPTY_VECTOR);
  });

  test('rejects invalid weights and maxTerms', () => {
    const vector = fromEntries([[1, 1]]);
    expect(() => blend([{ vector, weight: Number.NaN }])).toThrow(RangeError);
    expect(() => blend([{ vector, weight: 1 }], { maxTerms: 0 })).toThrow(RangeError);
    expect(() => blend([{ vector, weight: 1 }], { maxTerms: 2.5 })).toThrow(RangeError);
  });

  propertyTest.prop([
    fc.array(fc.record({ vector: vectors, weight: fc.float({ min: 0, max: 10, noNaN: true }) }), { maxLength: 6 }),
    fc.integer({ min: 1, max: 30 }),
  ])('is normalised, bounded by maxTerms and deterministic', (parts, maxTerms) => {
    const result = blend(parts, { maxTerms });
    expect(result).toEqual(blend(parts, { maxTerms }));
    expect(result.ids.length).toBeLessThanOrEqual(maxTerms);
    for (let index = 1; index < result.ids.length; index++) expect(result.ids[index]!).toBeGreaterThan(result.ids[index - 1]!);
    if (result.ids.length > 0) expect(norm(result)).toBeCloseTo(1, 5);
  });
});
