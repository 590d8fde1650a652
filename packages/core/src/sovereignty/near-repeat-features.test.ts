import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { argumentLeaves, FREE_TEXT_MIN_CHARS, jaccard, MAX_ARGUMENT_LEAVES, MAX_NEAR_TERMS, sameAttempt, valueTokens } from './near-repeat-features.js';

describe('argumentLeaves', () => {
  it('keeps names and short values as values and free text as terms, keys in a fixed order', () => {
    const leaves = argumentLeaves({ reservation_id: 'ABC123', command: 'edit 22:24\n    class Meta:\n        app_label = "test_app"', page: 2 });
    expect(leaves.map((leaf) => leaf.path)).toEqual(['.command', '.page', '.reservation_id']);
    expect(leaves[0]!.terms).toBeDefined();
    expect(leaves[1]!.terms).toBeUndefined();
    // A path has no whitespace: a name, however long.
    expect(argumentLeaves({ path: 'src/some/deeply/nested/module/file_name.py' })[0]!.terms).toBeUndefined();
    expect(argumentLeaves('{"b": 1, "a": [true, null]}').map((leaf) => leaf.path)).toEqual(['.a.0', '.a.1', '.b']);
    expect(argumentLeaves('ls -la')).toMatchObject([{ path: '', terms: undefined }]);
  });

  test.prop([fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 40 })], { numRuns: 60 })(
    'bounded, and the same for the same arguments whatever their key order',
    (args) => {
      const leaves = argumentLeaves(args);
      expect(leaves.length).toBeLessThanOrEqual(MAX_ARGUMENT_LEAVES + 1);
      for (const leaf of leaves) expect((leaf.terms ?? []).length).toBeLessThanOrEqual(MAX_NEAR_TERMS);
      const reversed = Object.fromEntries(Object.entries(args).reverse());
      expect(argumentLeaves(reversed)).toEqual(leaves);
      expect(sameAttempt(leaves, argumentLeaves(reversed), 1)).toBe(true);
    },
  );
});

describe('sameAttempt', () => {
  const leaves = (args: unknown) => argumentLeaves(args);
  it('is another attempt when a name or short value differs (another card, page, id, file)', () => {
    expect(sameAttempt(leaves({ id: 'ORD-7', card: 'gift_card_0' }), leaves({ id: 'ORD-7', card: 'gift_card_1' }), 0)).toBe(false);
    expect(sameAttempt(leaves({ page: 1 }), leaves({ page: 2 }), 0)).toBe(false);
    expect(sameAttempt(leaves({ id: 'ORD-7' }), leaves({ id: 'ORD-7', extra: true }), 0)).toBe(false);
  });
  it('is the same attempt when only free text varies a little', () => {
    const a = leaves({ file: 'a.py', command: "edit 22:24 class Meta: app_label = 'test_app' end_of_edit" });
    const b = leaves({ file: 'a.py', command: "edit 22:25 class Meta: app_label = 'test_app' end_of_edit" });
    expect(sameAttempt(a, b, 0.5)).toBe(true);
    expect(sameAttempt(a, b, 1)).toBe(false);
    const other = leaves({ file: 'a.py', command: 'run the whole test suite with coverage and print a summary' });
    expect(sameAttempt(a, other, 0.5)).toBe(false);
  });
  it('free text starts at FREE_TEXT_MIN_CHARS characters with whitespace inside', () => {
    expect(argumentLeaves({ q: 'a b' })[0]!.terms).toBeUndefined();
    expect(argumentLeaves({ q: `a ${'b'.repeat(FREE_TEXT_MIN_CHARS)}` })[0]!.terms).toBeDefined();
  });
});

describe('valueTokens and jaccard', () => {
  it('finds numbers, ids, dates and prices, lower-cased, without trailing punctuation', () => {
    expect(valueTokens('Flight HAT266 on 2024-05-19 costs $146. Seat 14A.')).toEqual(['146', '14a', '2024-05-19', 'hat266']);
    expect(valueTokens('I need your reservation ID to proceed.')).toEqual([]);
  });
  test.prop([fc.uniqueArray(fc.string({ maxLength: 3 })), fc.uniqueArray(fc.string({ maxLength: 3 }))])('jaccard is symmetric, in [0, 1], 1 on itself', (x, y) => {
    const a = [...x].sort();
    const b = [...y].sort();
    expect(jaccard(a, b)).toBe(jaccard(b, a));
    expect(jaccard(a, b)).toBeGreaterThanOrEqual(0);
    expect(jaccard(a, b)).toBeLessThanOrEqual(1);
    expect(jaccard(a, a)).toBe(1);
  });
});
