import { describe, expect, test } from 'vitest';
import { denseCosine } from './dense-vector.js';

describe('denseCosine', () => {
  test('measures the angle between vectors', () => {
    expect(denseCosine([1, 0], [1, 0])).toBeCloseTo(1);
    expect(denseCosine([1, 0], [0, 1])).toBe(0);
    expect(denseCosine([1, 1], [-1, -1])).toBeCloseTo(-1);
    expect(denseCosine([3, 4], [6, 8])).toBeCloseTo(1);
  });

  test('is 0 for zero or empty vectors', () => {
    expect(denseCosine([0, 0], [1, 2])).toBe(0);
    expect(denseCosine([], [])).toBe(0);
  });

  test('rejects vectors of different dimensions', () => {
    expect(() => denseCosine([1, 2], [1, 2, 3])).toThrow(RangeError);
  });
});
