import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './seeded-random.js';

const draw = (seed: number, count: number): number[] => {
  const random = createSeededRandom(seed);
  return Array.from({ length: count }, () => random.next());
};

describe('createSeededRandom', () => {
  test.prop([fc.integer()])('gives the same sequence for the same seed', (seed) => {
    expect(draw(seed, 20)).toEqual(draw(seed, 20));
  });

  it('gives different sequences for different seeds', () => {
    expect(draw(1, 10)).not.toEqual(draw(2, 10));
    expect(draw(0, 10)).not.toEqual(draw(-1, 10));
  });

  test.prop([fc.integer()])('stays in [0, 1)', (seed) => {
    for (const value of draw(seed, 200)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('spreads values roughly evenly', () => {
    const buckets = Array.from({ length: 10 }, () => 0);
    for (const value of draw(7, 10_000)) buckets[Math.floor(value * 10)]! += 1;
    for (const count of buckets) expect(count).toBeGreaterThan(850);
  });

  test.prop([fc.integer(), fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 50 })])(
    'int stays within [min, max] and hits both ends',
    (seed, min, width) => {
      const random = createSeededRandom(seed);
      const seen = new Set<number>();
      for (let index = 0; index < 400; index += 1) {
        const value = random.int(min, min + width);
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(min);
        expect(value).toBeLessThanOrEqual(min + width);
        seen.add(value);
      }
      if (width <= 5) expect(seen.size).toBe(width + 1);
    },
  );

  it('pick returns members and rejects empty arrays', () => {
    const random = createSeededRandom(3);
    const items = ['a', 'b', 'c'] as const;
    for (let index = 0; index < 50; index += 1) expect(items).toContain(random.pick(items));
    expect(() => random.pick([])).toThrow(RangeError);
  });

  it('chance honours 0 and 1', () => {
    const random = createSeededRandom(5);
    for (let index = 0; index < 100; index += 1) {
      expect(random.chance(0)).toBe(false);
      expect(random.chance(1)).toBe(true);
    }
  });

  test.prop([fc.integer(), fc.array(fc.integer(), { maxLength: 30 })])(
    'shuffle returns a permutation and leaves the input alone',
    (seed, items) => {
      const before = [...items];
      const shuffled = createSeededRandom(seed).shuffle(items);
      expect(items).toEqual(before);
      expect([...shuffled].sort((left, right) => left - right)).toEqual([...items].sort((left, right) => left - right));
    },
  );

  it('rejects non-finite seeds and bad ranges', () => {
    expect(() => createSeededRandom(Number.NaN)).toThrow(RangeError);
    expect(() => createSeededRandom(1).int(3, 2)).toThrow(RangeError);
    expect(() => createSeededRandom(1).int(0.5, 2)).toThrow(RangeError);
  });
});
