import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DEFAULT_MAX_TERMS, extractTerms, MAX_TOKEN_LENGTH, STOPWORDS, stemTerm } from './extract-terms.js';

describe('extractTerms', () => {
  test('lowercases, drops stopwords and stems', () => {
    expect(extractTerms('The Cache MISSED on every request')).toEqual(['cach', 'miss', 'every', 'request']);
  });

  test('keeps numbers and single digits, drops other single characters', () => {
    expect(extractTerms('retry 42 times in 2024, a b 7 x')).toEqual(['retry', '42', 'tim', '2024', '7']);
  });

  test('splits camelCase and keeps the whole identifier', () => {
    expect(extractTerms('getUserById')).toEqual(['getuserbyid', 'get', 'user', 'id']);
    expect(extractTerms('HTTPServer')).toEqual(['httpserver', 'http', 'server']);
    expect(extractTerms('XMLHttpRequest')).toEqual(['xmlhttprequest', 'xml', 'http', 'request']);
    expect(extractTerms('userIDs')).toEqual(['userid', 'user', 'id']);
    expect(extractTerms('v2Api')).toEqual(['v2api', 'v2', 'api']);
  });

  test('splits snake_case and keeps the whole identifier with its underscores', () => {
    expect(extractTerms('get_user_by_id MAX_RETRIES')).toEqual([
      'get_user_by_id', 'get', 'user', 'id', 'max_retry', 'max', 'retry',
    ]);
    expect(extractTerms('__init__ _private')).toEqual(['init', 'privat']);
  });

  test('splits on punctuation and keeps unicode letters', () => {
    expect(extractTerms('src/auth/login.ts: café naïve Straße 한국어')).toEqual([
      'src', 'auth', 'login', 'ts', 'café', 'naïve', 'straße', '한국어',
    ]);
  });

  test('turns Chinese and Japanese runs into character bigrams', () => {
    expect(extractTerms('検索エンジン')).toEqual(['検索', '索エ', 'エン', 'ンジ', 'ジン']);
    expect(extractTerms('中 fix')).toEqual(['中', 'fix']);
    expect(extractTerms('中'.repeat(600))).toHaveLength(599);
  });

  test('drops blobs longer than MAX_TOKEN_LENGTH', () => {
    const hash = 'a'.repeat(MAX_TOKEN_LENGTH);
    expect(extractTerms(`${hash} ${'b'.repeat(MAX_TOKEN_LENGTH + 1)} ok`)).toEqual([hash, 'ok']);
    expect(extractTerms(`${'QmFzZTY0'.repeat(100)} kept`)).toEqual(['kept']);
  });

  test('caps the number of terms', () => {
    const text = 'word '.repeat(DEFAULT_MAX_TERMS + 10);
    expect(extractTerms(text)).toHaveLength(DEFAULT_MAX_TERMS);
    expect(extractTerms(text, { maxTerms: 3 })).toEqual(['word', 'word', 'word']);
    expect(extractTerms('getUserById', { maxTerms: 2 })).toEqual(['getuserbyid', 'get']);
    expect(extractTerms(text, { maxTerms: 0 })).toEqual([]);
    expect(extractTerms(text, { maxTerms: Infinity })).toHaveLength(DEFAULT_MAX_TERMS + 10);
  });

  test('rejects an invalid maxTerms', () => {
    expect(() => extractTerms('x', { maxTerms: -1 })).toThrow(RangeError);
    expect(() => extractTerms('x', { maxTerms: 1.5 })).toThrow(RangeError);
    expect(() => extractTerms('x', { maxTerms: Number.NaN })).toThrow(RangeError);
  });

  test('returns nothing for empty or separator-only text', () => {
    expect(extractTerms('')).toEqual([]);
    expect(extractTerms(' \n\t—!?… ___ ')).toEqual([]);
  });

  test('handles a 1 MB input', () => {
    const text = 'Refactor parseConfig in src/config_loader.ts (issue #1234) '.repeat(17_000);
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(extractTerms(text, { maxTerms: Infinity }).length).toBeGreaterThan(100_000);
    expect(extractTerms('x'.repeat(1_000_000))).toEqual([]);
  });

  propertyTest.prop([fc.string({ unit: 'grapheme', maxLength: 200 })])('is deterministic on arbitrary unicode', (text) => {
    expect(extractTerms(text)).toEqual(extractTerms(text));
  });

  propertyTest.prop([fc.string({ unit: 'binary', maxLength: 300 }), fc.nat({ max: 50 })])(
    'never throws, respects maxTerms and yields no stopwords or empty terms',
    (text, maxTerms) => {
      const terms = extractTerms(text, { maxTerms });
      expect(terms.length).toBeLessThanOrEqual(maxTerms);
      for (const term of terms) {
        expect(term.length).toBeGreaterThan(0);
        expect(STOPWORDS.has(term)).toBe(false);
      }
    },
  );
});

describe('stemTerm', () => {
  test('conflates the forms of a word', () => {
    for (const form of ['parse', 'parses', 'parsed', 'parsing']) expect(stemTerm(form)).toBe('pars');
    expect(stemTerm('queries')).toBe('query');
    expect(stemTerm('queried')).toBe('query');
    expect(stemTerm('matches')).toBe('match');
    expect(stemTerm('classes')).toBe('class');
    expect(stemTerm('running')).toBe('run');
    expect(stemTerm('stopped')).toBe('stop');
    expect(stemTerm('quickly')).toBe('quick');
    expect(stemTerm('ids')).toBe('id');
  });

  test('keeps short and guarded words', () => {
    for (const word of ['use', 'status', 'class', 'analysis', 'string', 'need', 'apply', 'add', 'free']) {
      expect(stemTerm(word)).toBe(word);
    }
  });

  test('leaves non-English and non-alphabetic terms alone', () => {
    expect(stemTerm('2024')).toBe('2024');
    expect(stemTerm('cafés')).toBe('cafés');
    expect(stemTerm('v2')).toBe('v2');
  });

  propertyTest.prop([fc.stringMatching(/^[a-z]{0,12}$/)])('never lengthens a word beyond one letter', (word) => {
    expect(stemTerm(word).length).toBeLessThanOrEqual(word.length);
    expect(stemTerm(word)).toBe(stemTerm(word));
  });
});
