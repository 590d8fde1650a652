import { createCharTokenCounter } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { countViewTokens } from './view-tokens.js';

describe('countViewTokens', () => {
  it('sums countMessageTokens', () => {
    const counter = createCharTokenCounter();
    expect(countViewTokens([{ id: 'a', role: 'user', content: 'abcdefgh' }], counter)).toBe(4 + 2);
    expect(countViewTokens([], counter)).toBe(0);
  });
});
