import { type CairnMessage, countMessageTokens, createCharTokenCounter } from '@cairn/core';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { billedTokens, callTokens, DEFAULT_CACHED_TOKEN_RATIO } from './billed-tokens.js';

const counter = createCharTokenCounter();
const message = (id: string, content = `content of ${id}`): CairnMessage => ({ id, role: 'user', content });
const tokens = (...messages: CairnMessage[]): number => messages.reduce((sum, item) => sum + countMessageTokens(item, counter), 0);

describe('callTokens and billedTokens', () => {
  it('caches the leading messages identical to the previous call, and bills them at a tenth', () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => message(id)) as [CairnMessage, CairnMessage, CairnMessage, CairnMessage];
    expect(callTokens([a, b, c], [a, b, d], counter)).toEqual({ raw: tokens(a, b, d), cached: tokens(a, b) });
    expect(callTokens(undefined, [a, b], counter)).toEqual({ raw: tokens(a, b), cached: 0 });
    expect(callTokens([a, b], [message('a', 'edited'), b], counter).cached).toBe(0);
    expect(DEFAULT_CACHED_TOKEN_RATIO).toBe(0.1);
    expect(billedTokens({ raw: 10_000, cached: 9_000 })).toBe(1_900);
    expect(billedTokens({ raw: 10_000, cached: 9_000 }, 0.5)).toBe(5_500);
  });

  test.prop([fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 8 }), fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 8 }), fc.double({ min: 0, max: 1, noNaN: true })])(
    'cached ≤ raw, and billed lies between cached × ratio + (raw − cached) bounds: ratio × raw ≤ billed ≤ raw',
    (previousIds, nextIds, ratio) => {
      const split = callTokens(previousIds.map((id) => message(id)), nextIds.map((id) => message(id)), counter);
      expect(split.cached).toBeLessThanOrEqual(split.raw);
      const billed = billedTokens(split, ratio);
      expect(billed).toBeLessThanOrEqual(split.raw + 1e-9);
      expect(billed).toBeGreaterThanOrEqual(ratio * split.raw - 1e-9);
    },
  );
});
