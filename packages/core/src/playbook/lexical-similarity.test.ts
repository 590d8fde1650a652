import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { cachedLexicalSimilarity, lexicalSimilarity } from './lexical-similarity.js';

const text = fc.array(fc.constantFrom('npm', 'ci', 'Install', 'the', 'TESTS', 'fail', 'été', 'x_1', '42', '—', ' ', ',', '\n'), { maxLength: 20 }).map((words) => words.join(' '));

describe('cachedLexicalSimilarity', () => {
  test.prop([fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 8 })])('returns exactly what lexicalSimilarity returns, call after call, whatever it had to forget', (pairs, maxTexts) => {
    const cached = cachedLexicalSimilarity(maxTexts);
    for (const [a, b] of pairs) {
      expect(Object.is(cached(a, b), lexicalSimilarity(a, b))).toBe(true);
      expect(Object.is(cached(b, a), lexicalSimilarity(b, a))).toBe(true);
    }
  });
});
