import { describe, expect, test } from 'vitest';
import { createLexicalVectoriser } from './lexical-vectoriser.js';
import { cosine, norm } from './sparse-vector.js';
import { Vocabulary } from './vocabulary.js';

describe('createLexicalVectoriser', () => {
  test('bags text over its vocabulary', () => {
    const vectoriser = createLexicalVectoriser();
    const bag = vectoriser.bag('Login tests fail: the login test is flaky');
    expect(bag.length).toBe(6);
    const loginId = vectoriser.vocabulary.lookup('login')!;
    expect(bag.counts[bag.ids.indexOf(loginId)]).toBe(2);
    expect(vectoriser.vocabulary.termOf(bag.ids[0]!)).toBe('login');
  });

  test('vectors are normalised and close for related texts', () => {
    const vectoriser = createLexicalVectoriser();
    const task = vectoriser.vector('fix the flaky login test');
    const related = vectoriser.vector('login tests are flaky');
    const unrelated = vectoriser.vector('deploy the billing service');
    expect(norm(task)).toBeCloseTo(1);
    expect(cosine(task, related)).toBeGreaterThan(0.8);
    expect(cosine(task, unrelated)).toBe(0);
    expect(vectoriser.vectorOfBag(vectoriser.bag('login tests are flaky'))).toEqual(related);
  });

  test('is deterministic across instances', () => {
    const texts = ['parseConfig failed', 'retry parse_config with 3 attempts', 'Konfiguration geladen'];
    const first = createLexicalVectoriser();
    const second = createLexicalVectoriser();
    expect(texts.map((text) => first.vector(text))).toEqual(texts.map((text) => second.vector(text)));
  });

  test('shares a given vocabulary and honours maxTerms', () => {
    const vocabulary = new Vocabulary();
    const vectoriser = createLexicalVectoriser({ vocabulary, maxTerms: 2 });
    expect(vectoriser.vocabulary).toBe(vocabulary);
    expect(vectoriser.bag('one two three four').length).toBe(2);
    expect(vocabulary.size).toBe(2);
  });

  test('rejects an invalid maxTerms at creation', () => {
    expect(() => createLexicalVectoriser({ maxTerms: -5 })).toThrow(RangeError);
  });
});
