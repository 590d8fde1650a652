import { describe, expect, it } from 'vitest';
import { percentile } from './percentile.js';

describe('percentile', () => {
  it('uses the nearest rank', () => {
    expect(percentile([3, 1, 2], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)).toBe(10);
    expect(percentile([], 0.5)).toBeUndefined();
  });
});
