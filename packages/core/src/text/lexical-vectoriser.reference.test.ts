import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createLexicalVectoriser } from './lexical-vectoriser.js';
import { createLexicalVectoriser as createReferenceVectoriser } from './test-support/reference-lexical-vectoriser.js';
import type { LexicalVectoriser } from './lexical-vectoriser.js';
import { TokenIdTable, HASH_START, hashStep } from './token-id-table.js';

// The ASCII path of the vectoriser finds each token's cached term ids by its characters in place
// instead of cutting it out as a string (issue 17). That must not change a bag or the order terms
// are interned in: the same texts through the vectoriser as it was (test-support) and as it is
// give the same bags and the same vocabulary.

const PIECES = [
  'getUserById', 'HTTPServer', 'userIDs', '__init__', 'snake_case_name', 'ORD-12345', 'src/a/b.ts:42', 'parsing', 'queries', 'the', 'a',
  'x'.repeat(64), 'y'.repeat(65), 'z'.repeat(256), 'w'.repeat(257), 'Error', 'failed', '42', '2024', 'café', '検索エンジン', 'Ünïcödé',
  'naïve_Test', '😀', 'v2Api', 'utf8', 'base64', 'sos', 'x'.repeat(600),
];
const gap = fc.constantFrom(' ', '\n', '', '.', '-', '/', ': ', '\t', '\u00a0');
const text = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 12 }), fc.stringMatching(/^[A-Za-z0-9_]{1,20}$/)), gap), { maxLength: 120 })
  .map((parts) => parts.map(([word, after]) => `${word}${after}`).join(''));

function expectSameVocabulary(fast: LexicalVectoriser, reference: LexicalVectoriser): void {
  expect(fast.vocabulary.size).toBe(reference.vocabulary.size);
  for (let id = 0; id < reference.vocabulary.size; id++) expect(fast.vocabulary.termOf(id)).toBe(reference.vocabulary.termOf(id));
}

describe('createLexicalVectoriser against the reference', () => {
  test.prop([fc.array(text, { maxLength: 12 }), fc.constantFrom<number | undefined>(undefined, 0, 1, 3, 17, Number.POSITIVE_INFINITY)])(
    'the same texts give the same bags, vectors and vocabulary',
    (texts, maxTerms) => {
      const options = maxTerms === undefined ? {} : { maxTerms };
      const fast = createLexicalVectoriser(options);
      const reference = createReferenceVectoriser(options);
      // Each text twice: the second time its tokens come from the cache.
      for (const sample of [...texts, ...texts]) {
        const bag = fast.bag(sample);
        expect(bag).toEqual(reference.bag(sample));
        expect(fast.vectorOfBag(bag)).toEqual(reference.vectorOfBag(bag));
      }
      expectSameVocabulary(fast, reference);
    },
  );

  test('a cache past its limit is cleared and gives the same bags after', () => {
    const many = Array.from({ length: 210_000 }, (_, index) => `t${index.toString(36)}`).join(' ');
    const fast = createLexicalVectoriser({ maxTerms: Number.POSITIVE_INFINITY });
    const reference = createReferenceVectoriser({ maxTerms: Number.POSITIVE_INFINITY });
    expect(fast.bag(many)).toEqual(reference.bag(many));
    for (const sample of ['t1 t2 getUserById', 'tzz new words here t3', many.slice(0, 5000)]) expect(fast.bag(sample)).toEqual(reference.bag(sample));
    expectSameVocabulary(fast, reference);
  });
});

describe('TokenIdTable', () => {
  const hashOf = (token: string): number => {
    let hash = HASH_START;
    for (let index = 0; index < token.length; index++) hash = hashStep(hash, token.charCodeAt(index));
    return hash;
  };

  test.prop([fc.array(fc.tuple(fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/), fc.array(fc.nat(1000), { maxLength: 5 })), { maxLength: 3000 })])(
    'finds what it holds, in place, and nothing else',
    (entries) => {
      const table = new TokenIdTable();
      const held = new Map<string, number[]>();
      for (const [token, ids] of entries) {
        const text = `..${token}!`;
        const found = table.find(text, 2, 2 + token.length, hashOf(token));
        expect(found >= 0).toBe(held.has(token));
        if (found < 0) {
          table.add(token, hashOf(token), ids);
          held.set(token, ids);
        }
      }
      for (const [token, ids] of held) {
        const entry = table.find(token, 0, token.length, hashOf(token));
        expect(Array.from(table.pool.subarray(table.start(entry), table.end(entry)))).toEqual(ids);
      }
      expect(table.size).toBe(held.size);
    },
  );

  test('tells apart tokens whose hashes collide, and forgets all on clear', () => {
    const table = new TokenIdTable();
    // Same hash forced for two tokens: the characters decide.
    table.add('abc', 7, [1]);
    table.add('abd', 7, [2]);
    expect(table.pool[table.start(table.find('xabdx', 1, 4, 7))]).toBe(2);
    expect(table.pool[table.start(table.find('abc', 0, 3, 7))]).toBe(1);
    expect(table.find('abe', 0, 3, 7)).toBe(-1);
    table.clear();
    expect(table.size).toBe(0);
    expect(table.find('abc', 0, 3, 7)).toBe(-1);
  });
});
