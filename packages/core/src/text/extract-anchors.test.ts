import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { entityKeys } from './entity-keys.js';
import { extractAnchors, type Anchor, type AnchorKind } from './extract-anchors.js';

function kindsOf(text: string): Array<[AnchorKind, string]> {
  return extractAnchors(text).map((anchor) => [anchor.kind, anchor.text]);
}

function hasAnchor(text: string, kind: AnchorKind, anchorText: string): boolean {
  return extractAnchors(text).some((anchor) => anchor.kind === kind && anchor.text === anchorText);
}

describe('extractAnchors', () => {
  test('finds ids: uuids, hashes, tickets, codes, issue numbers, emails', () => {
    const text =
      'Commit a1b2c3d fixes ABC-123 and #1234 for request 123e4567-e89b-12d3-a456-426614174000; PNR 4XK9QZ on UA123, mail ada@example.com';
    const ids = extractAnchors(text)
      .filter((anchor) => anchor.kind === 'id')
      .map((anchor) => anchor.text);
    expect(ids).toEqual([
      'a1b2c3d',
      'ABC-123',
      '#1234',
      '123e4567-e89b-12d3-a456-426614174000',
      '4XK9QZ',
      'UA123',
      'ada@example.com',
    ]);
  });

  test('finds numbers: integers, decimals, money, percentages, dates, times, versions', () => {
    const text = 'Paid $1,250.00 (12.5%) for 3 seats on 2023-05-08 and 7 May 2023 at 10:30, using v1.2.3 and 42';
    const numbers = extractAnchors(text)
      .filter((anchor) => anchor.kind === 'number')
      .map((anchor) => anchor.text);
    expect(numbers).toEqual(['$1,250.00', '12.5%', '3', '2023-05-08', '7 May 2023', '10:30', 'v1.2.3', '42']);
  });

  test('finds paths and urls', () => {
    const text = 'Edit src/app/main.py:42 and /etc/hosts, not C:\\Users\\bob\\app.log; docs at https://example.com/a?b=1.';
    expect(kindsOf(text)).toEqual([
      ['path', 'src/app/main.py:42'],
      ['path', '/etc/hosts'],
      ['negation', 'not'],
      ['path', 'C:\\Users\\bob\\app.log'],
      ['url', 'https://example.com/a?b=1'],
    ]);
    expect(hasAnchor('open package.json and file.py:7', 'path', 'package.json')).toBe(true);
    expect(hasAnchor('open package.json and file.py:7', 'path', 'file.py:7')).toBe(true);
  });

  test('finds code identifiers: camelCase, PascalCase, snake_case, dotted names, calls, flags', () => {
    const text = 'call fetchUser then UserService with max_retries via os.path.join and run() with --dry-run';
    const identifiers = extractAnchors(text)
      .filter((anchor) => anchor.kind === 'identifier')
      .map((anchor) => anchor.text);
    expect(identifiers).toEqual(['fetchUser', 'UserService', 'max_retries', 'os.path.join', 'run', '--dry-run']);
  });

  test('finds names that do not start a sentence, joining runs of capitalised words', () => {
    expect(kindsOf('We flew with Ada Lovelace to Paris. Then Bob left. Meanwhile it rained.')).toEqual([
      ['name', 'Ada Lovelace'],
      ['name', 'Paris'],
      ['name', 'Bob'],
    ]);
    expect(hasAnchor('The Eiffel Tower was closed.', 'name', 'Eiffel Tower')).toBe(true);
  });

  test('finds errors: words, exception types, errno codes, exit codes, HTTP statuses', () => {
    const text = 'Traceback: ValueError raised, ENOENT for the file, request failed with HTTP 503, exit code 2, user not found';
    const errors = extractAnchors(text)
      .filter((anchor) => anchor.kind === 'error')
      .map((anchor) => anchor.text);
    expect(errors).toEqual(['Traceback', 'ValueError', 'ENOENT', 'failed', 'HTTP 503', 'exit code 2', 'not found']);
  });

  test('finds negations and decisions', () => {
    const text = "We decided to never use eval; don't retry, you must not deploy without approval and should use pip instead of conda.";
    expect(kindsOf(text)).toEqual([
      ['decision', 'decided'],
      ['negation', 'never'],
      ['negation', "don't"],
      ['negation', 'must not'],
      ['negation', 'without'],
      ['decision', 'should'],
      ['negation', 'instead of'],
    ]);
  });

  test('anchors name their exact place in the text, in order', () => {
    const text = 'Never retry PNR 4XK9QZ; see src/book.py:42';
    expect(extractAnchors(text)).toEqual<Anchor[]>([
      { kind: 'negation', text: 'Never', index: 0 },
      { kind: 'id', text: '4XK9QZ', index: 16 },
      { kind: 'path', text: 'src/book.py:42', index: 28 },
    ]);
  });

  test('finds anchors inside JSON', () => {
    const json = '{"pnr":"4XK9QZ","total":1250.00,"passenger":"Grace Hopper","flight":"UA123"}';
    expect(kindsOf(json)).toEqual([
      ['id', '4XK9QZ'],
      ['number', '1250.00'],
      ['name', 'Grace Hopper'],
      ['id', 'UA123'],
    ]);
  });

  test('splits pytest node ids into a path and a test name', () => {
    expect(kindsOf('FAILED tests/test_api.py::test_delete_user - AssertionError')).toEqual([
      ['error', 'FAILED'],
      ['path', 'tests/test_api.py'],
      ['identifier', 'test_delete_user'],
      ['error', 'AssertionError'],
    ]);
  });

  test('ignores plain prose', () => {
    expect(extractAnchors('the cat sat on the mat and/or the rug')).toEqual([]);
  });

  test('stops at maxAnchors, keeping the first ones', () => {
    const text = Array.from({ length: 500 }, (_, index) => `id${index}`).join(' ');
    const anchors = extractAnchors(text, { maxAnchors: 10 });
    expect(anchors).toHaveLength(10);
    expect(anchors[0]!.text).toBe('id0');
    expect(anchors[9]!.text).toBe('id9');
    expect(extractAnchors(text)).toHaveLength(200);
    expect(extractAnchors(text, { maxAnchors: 0 })).toEqual([]);
  });

  test('handles a large text (linear scan, no catastrophic backtracking)', () => {
    const text = `${'a'.repeat(200_000)} ${'[ '.repeat(50_000)} ${'1,'.repeat(50_000)} don't`;
    expect(extractAnchors(text, { maxAnchors: 1_000_000 }).at(-1)?.text).toBe("don't");
  });

  propertyTest.prop([fc.string({ unit: 'binary', maxLength: 300 })])(
    'anchors are exact slices, in order, without overlaps, for any text',
    (text) => {
      const anchors = extractAnchors(text);
      let lastEnd = 0;
      for (const anchor of anchors) {
        expect(text.slice(anchor.index, anchor.index + anchor.text.length)).toBe(anchor.text);
        expect(anchor.text.length).toBeGreaterThan(0);
        expect(anchor.index).toBeGreaterThanOrEqual(lastEnd);
        lastEnd = anchor.index + anchor.text.length;
      }
      expect(extractAnchors(text)).toEqual(anchors);
    },
  );
});

describe('entityKeys', () => {
  test('keeps high-specificity anchors, normalised and unique', () => {
    const text =
      'Booked PNR 4XK9QZ for Ada Lovelace at $1,250.00 in 3 days; see ./src/book.py:42, src/book.py:50 and fetchUser, run, https://x.io/a/ then 4xk9qz again.';
    expect(entityKeys(text)).toEqual(['4xk9qz', 'ada lovelace', '$1250.00', 'src/book.py', 'fetchuser', 'https://x.io/a']);
  });

  test('links messages that talk about the same thing', () => {
    const first = entityKeys('Refund for order ORD-7781 failed: ValueError in billing/refunds.py:88');
    const second = entityKeys('Retrying the refund of ORD-7781 after fixing billing/refunds.py');
    expect(first.filter((key) => second.includes(key))).toEqual(['ord-7781', 'billing/refunds.py']);
  });

  test('respects maxKeys', () => {
    const text = Array.from({ length: 100 }, (_, index) => `ticket-${index}`).join(' ');
    expect(entityKeys(text)).toHaveLength(64);
    expect(entityKeys(text, { maxKeys: 3 })).toEqual(['ticket-0', 'ticket-1', 'ticket-2']);
  });

  propertyTest.prop([fc.string({ maxLength: 300 })])('keys are lowercase, unique and deterministic', (text) => {
    const keys = entityKeys(text);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toBe(key.toLowerCase());
    expect(entityKeys(text)).toEqual(keys);
  });
});
