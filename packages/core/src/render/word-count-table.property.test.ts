import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createBpeTokenCounter } from '../log/index.js';
import { WordCountTable } from './word-count-table.js';

// The table stands in for `Map<string, number>` keyed by `text.slice(start, end)` (issue 17): it
// must give the counter's own count of the slice for any text and slice, whatever it held before
// (small capacities force collisions, long probe chains and starting afresh).

const bpe = createBpeTokenCounter();
const piece = fc.oneof(fc.constantFrom('a', 'ab', 'ba', ' ', ' a', 'é', '😀', '\u0000', 'ORD-1', 'ORD-2', '12', '21'), fc.string({ maxLength: 6 }), fc.string({ unit: 'grapheme', maxLength: 4 }));
const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
const slice = text.chain((whole) => fc.tuple(fc.constant(whole), fc.nat({ max: whole.length }), fc.nat({ max: whole.length })).map(([all, a, b]) => ({ text: all, start: Math.min(a, b), end: Math.max(a, b) })));

describe('WordCountTable', () => {
  test.prop([fc.array(slice, { minLength: 1, maxLength: 200 }), fc.integer({ min: 1, max: 40 })], { numRuns: 300 })('gives count(text.slice(start, end)) for every lookup, and holds at most its capacity', (lookups, capacity) => {
    const table = new WordCountTable(capacity);
    let counted = 0;
    const counter = { count: (word: string) => (counted++, bpe.count(word) * 7 + word.length) };
    const seen = new Set<string>();
    for (const { text: whole, start, end } of lookups) {
      const word = whole.slice(start, end);
      const before = counted;
      expect(table.tokens(whole, start, end, counter)).toBe(bpe.count(word) * 7 + word.length);
      // Below capacity (never started afresh) a word met before is not counted again.
      if (seen.size < capacity && seen.has(word)) expect(counted).toBe(before);
      seen.add(word);
      expect(table.size).toBeLessThanOrEqual(capacity);
    }
  });

  test.prop([fc.array(slice, { maxLength: 50 })])('clear forgets every word', (lookups) => {
    const table = new WordCountTable(64);
    for (const { text: whole, start, end } of lookups) table.tokens(whole, start, end, bpe);
    table.clear();
    expect(table.size).toBe(0);
    let counted = 0;
    for (const { text: whole, start, end } of lookups.slice(0, 1)) table.tokens(whole, start, end, { count: (word) => (counted++, bpe.count(word)) });
    expect(counted).toBe(Math.min(1, lookups.length));
  });
});
