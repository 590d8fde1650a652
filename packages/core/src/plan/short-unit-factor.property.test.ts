import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { shortUnitFactor } from './plan-values.js';

const tokens = fc.integer({ min: 0, max: 100_000 });
const floor = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 10_000, noNaN: true }));

describe('shortUnitFactor', () => {
  it('scales a unit below the floor by tokens / floor and leaves the rest whole', () => {
    expect(shortUnitFactor(10, 50)).toBeCloseTo(0.2);
    expect(shortUnitFactor(49, 50)).toBeCloseTo(0.98);
    expect(shortUnitFactor(50, 50)).toBe(1);
    expect(shortUnitFactor(400, 50)).toBe(1);
    expect(shortUnitFactor(10, 0)).toBe(1);
    expect(shortUnitFactor(0, 50)).toBe(0);
  });

  test.prop([tokens, floor])('stays in [0, 1] and is 1 at or above the floor', (size, floorTokens) => {
    const factor = shortUnitFactor(size, floorTokens);
    expect(factor).toBeGreaterThanOrEqual(0);
    expect(factor).toBeLessThanOrEqual(1);
    if (size >= floorTokens) expect(factor).toBe(1);
  });

  test.prop([tokens, tokens, floor])('never values a longer unit less', (left, right, floorTokens) => {
    const [short, long] = left <= right ? [left, right] : [right, left];
    expect(shortUnitFactor(short, floorTokens)).toBeLessThanOrEqual(shortUnitFactor(long, floorTokens));
  });

  test.prop([fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 1, max: 10_000, noNaN: true })])('charges a short unit as a unit of the floor size: value per token ≤ 1 / floor', (size, floorTokens) => {
    expect(shortUnitFactor(size, floorTokens) / size).toBeLessThanOrEqual(1 / floorTokens + 1e-12);
  });
});
