import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createTermBag, EMPTY_BAG } from './term-bag.js';
import { TermStatistics } from './term-statistics.js';
import { Vocabulary } from './vocabulary.js';

function setup(documents: readonly (readonly string[])[]) {
  const vocabulary = new Vocabulary();
  const statistics = new TermStatistics();
  const bags = documents.map((terms) => createTermBag(terms, vocabulary));
  for (const bag of bags) statistics.addDocument(bag);
  return { vocabulary, statistics, bags, bag: (terms: readonly string[]) => createTermBag(terms, vocabulary) };
}

describe('TermStatistics', () => {
  test('counts documents, lengths and document frequencies', () => {
    const { vocabulary, statistics } = setup([['cache', 'cache', 'miss'], ['cache'], []]);
    expect(statistics.documentCount).toBe(3);
    expect(statistics.averageLength).toBeCloseTo(4 / 3);
    expect(statistics.documentFrequency(vocabulary.lookup('cache')!)).toBe(2);
    expect(statistics.documentFrequency(vocabulary.lookup('miss')!)).toBe(1);
    expect(statistics.documentFrequency(999)).toBe(0);
  });

  test('starts empty', () => {
    const statistics = new TermStatistics();
    expect(statistics.documentCount).toBe(0);
    expect(statistics.averageLength).toBe(0);
    expect(statistics.idf(0)).toBeCloseTo(Math.log(2));
  });

  test('grows past its initial capacity', () => {
    const statistics = new TermStatistics();
    statistics.addDocument({ ids: Int32Array.of(5000), counts: Float32Array.of(1), length: 1 });
    expect(statistics.documentFrequency(5000)).toBe(1);
  });

  test('idf is the BM25 idf, positive and higher for rarer terms', () => {
    const { vocabulary, statistics } = setup([['common', 'rare'], ['common'], ['common'], ['common']]);
    const common = statistics.idf(vocabulary.lookup('common')!);
    const rare = statistics.idf(vocabulary.lookup('rare')!);
    expect(common).toBeCloseTo(Math.log(1 + 0.5 / 4.5));
    expect(rare).toBeCloseTo(Math.log(1 + 3.5 / 1.5));
    expect(common).toBeGreaterThan(0);
    expect(rare).toBeGreaterThan(common);
  });

  test('removeDocument undoes addDocument', () => {
    const { vocabulary, statistics, bags } = setup([['alpha', 'beta'], ['alpha']]);
    statistics.removeDocument(bags[0]!);
    expect(statistics.documentCount).toBe(1);
    expect(statistics.averageLength).toBe(1);
    expect(statistics.documentFrequency(vocabulary.lookup('alpha')!)).toBe(1);
    expect(statistics.documentFrequency(vocabulary.lookup('beta')!)).toBe(0);
    statistics.removeDocument(bags[1]!);
    statistics.removeDocument(bags[1]!);
    expect(statistics.documentCount).toBe(0);
    expect(statistics.documentFrequency(vocabulary.lookup('alpha')!)).toBe(0);
  });

  test('bm25 matches the Okapi formula', () => {
    const { statistics, bags, bag } = setup([['flaky', 'login', 'test', 'test'], ['deploy', 'script'], ['login', 'page']]);
    const score = statistics.bm25(bag(['login', 'test']), bags[0]!);
    const lengthNorm = 1 - 0.75 + 0.75 * (4 / (8 / 3));
    const idfLogin = Math.log(1 + (3 - 2 + 0.5) / 2.5);
    const idfTest = Math.log(1 + (3 - 1 + 0.5) / 1.5);
    const expected = (idfLogin * 1 * 2.2) / (1 + 1.2 * lengthNorm) + (idfTest * 2 * 2.2) / (2 + 1.2 * lengthNorm);
    expect(score).toBeCloseTo(expected);
    expect(statistics.bm25(bag(['login', 'login', 'test']), bags[0]!)).toBeCloseTo(expected);
    expect(statistics.bm25(bag(['login']), bags[1]!)).toBe(0);
    expect(statistics.bm25(EMPTY_BAG, bags[0]!)).toBe(0);
  });

  test('bm25 options: b = 0 ignores length, k1 = 0 ignores frequency', () => {
    const { statistics, bags, bag } = setup([['test', 'test', 'test', 'other', 'words', 'here'], ['test']]);
    const idf = statistics.idf(bags[1]!.ids[0]!);
    expect(statistics.bm25(bag(['test']), bags[0]!, { k1: 0 })).toBeCloseTo(idf);
    expect(statistics.bm25(bag(['test']), bags[0]!, { b: 0 })).toBeCloseTo((idf * 3 * 2.2) / (3 + 1.2));
  });

  test('bm25 rejects invalid options', () => {
    const statistics = new TermStatistics();
    expect(() => statistics.bm25(EMPTY_BAG, EMPTY_BAG, { k1: -1 })).toThrow(RangeError);
    expect(() => statistics.bm25(EMPTY_BAG, EMPTY_BAG, { b: 1.5 })).toThrow(RangeError);
  });

  const words = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta');
  const documents = fc.array(fc.array(words, { maxLength: 12 }), { maxLength: 8 });

  propertyTest.prop([documents, fc.array(words, { maxLength: 6 }), fc.array(words, { maxLength: 12 })])(
    'bm25 is never negative',
    (corpus, query, document) => {
      const { statistics, bag } = setup(corpus);
      expect(statistics.bm25(bag(query), bag(document))).toBeGreaterThanOrEqual(0);
    },
  );

  propertyTest.prop([documents, fc.uniqueArray(words, { minLength: 1, maxLength: 4 }), fc.array(words, { maxLength: 6 })])(
    'a document with all query terms beats one with none',
    (corpus, query, filler) => {
      const { statistics, bag } = setup(corpus);
      const withAll = bag([...query, ...filler]);
      const withNone = bag([...filler.filter((word) => !query.includes(word)), 'unrelated']);
      statistics.addDocument(withAll);
      statistics.addDocument(withNone);
      expect(statistics.bm25(bag(query), withAll)).toBeGreaterThan(statistics.bm25(bag(query), withNone));
    },
  );
});
