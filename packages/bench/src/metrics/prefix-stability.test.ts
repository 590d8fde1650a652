import type { CairnMessage } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { stablePrefixShare } from './prefix-stability.js';

const message = (id: string, content = id): CairnMessage => ({ id, role: 'user', content });

describe('stablePrefixShare', () => {
  it('is the share of the previous view kept unchanged at the start', () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => message(id)) as [CairnMessage, CairnMessage, CairnMessage, CairnMessage];
    expect(stablePrefixShare([a, b, c, d], [a, b, message('x')])).toBe(0.5);
    expect(stablePrefixShare([a, b], [a, b, c])).toBe(1);
    expect(stablePrefixShare([a, b], [a, message('b', 'changed')])).toBe(0.5);
    expect(stablePrefixShare([], [a])).toBe(1);
  });
});
