import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { hashText } from './hash-text.js';

describe('hashText', () => {
  test.prop([fc.string({ unit: 'binary' }), fc.nat()])('is 11 base-36 characters and the same for the same input', (text, seed) => {
    const hash = hashText(text, seed);
    expect(hash).toMatch(/^[0-9a-z]{11}$/);
    expect(hashText(text, seed)).toBe(hash);
  });

  test.prop([fc.string(), fc.string()])('tells different texts apart', (a, b) => {
    fc.pre(a !== b);
    expect(hashText(a)).not.toBe(hashText(b));
  });

  test.prop([fc.string()])('a seed gives a different hash', (text) => {
    expect(hashText(text, 1)).not.toBe(hashText(text));
  });
});
