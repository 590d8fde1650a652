import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { countMessageTokens, createBpeTokenCounter, createCharTokenCounter } from '../log/index.js';
import type { BackgroundEntry } from '../pages/index.js';
import { backgroundMessage, blockTokensOf } from './background-block.js';

// A Background_Context block's tokens summed from its pieces (header, `\n-` a line, ` entry` an
// entry) are exactly the real o200k counter's count of the whole message: the budget relies on it.

const o200k = createBpeTokenCounter();
const hex = fc.stringMatching(/^[0-9a-f]{8,12}$/);
/** Keywords as the block gets them (terms of the log) and as a hostile log could make them. */
const keyword = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_-]{0,15}$/),
  fc.constantFrom('ORD-4821', 'src/app.ts', 'naïve', 'café', '日本語', 'emoji😀', "it's", '3.14', '[cairn:x]', '<Node>', 'a  b', 'x\ny', '))', ' lead', 'trail '),
  fc.string({ minLength: 1, maxLength: 24 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
);
const entry: fc.Arbitrary<BackgroundEntry> = fc.record({ id: hex, keywords: fc.option(fc.array(keyword, { minLength: 1, maxLength: 2 }), { nil: undefined }) }, { requiredKeys: ['id'] });

describe('Background_Context block tokens by pieces', () => {
  test.prop([fc.array(entry, { minLength: 1, maxLength: 400 }), fc.boolean()], { numRuns: 300 })('equal the real counter on the whole block, any entries, first or later block', (entries, more) => {
    const block = backgroundMessage(entries, ['m1'], more ? 1 : 0);
    expect(blockTokensOf(block, entries, more, o200k)).toBe(countMessageTokens(block, o200k));
  });

  test.prop([fc.array(entry, { minLength: 1, maxLength: 120 }), fc.array(entry, { minLength: 0, maxLength: 60 }), fc.boolean(), fc.boolean()], { numRuns: 300 })(
    'an extended block (its text and tokens going on from the block it extends) is the block rendered and counted whole',
    (first, after, more, long) => {
      // Now and then an entry too long to count as a piece (the whole block is counted then).
      const later = long && after.length > 0 ? [...after.slice(0, -1), { id: after[after.length - 1]!.id, keywords: ['k'.repeat(1_100), 'x'] }] : after;
      const entries = [...first, ...later];
      const block = backgroundMessage(first, ['m1'], more ? 1 : 0);
      const tokens = blockTokensOf(block, first, more, o200k);
      const from = { block, tokens, count: first.length };
      const extended = backgroundMessage(entries, ['m1', 'm2'], more ? 1 : 0, from);
      expect(extended.content).toBe(backgroundMessage(entries, ['m1', 'm2'], more ? 1 : 0).content);
      expect(blockTokensOf(extended, entries, more, o200k, from)).toBe(countMessageTokens(extended, o200k));
      // Any other counter counts the whole block.
      const chars = createCharTokenCounter();
      expect(blockTokensOf(extended, entries, more, chars, { tokens: blockTokensOf(block, first, more, chars), count: first.length })).toBe(countMessageTokens(extended, chars));
    },
  );

  it('equal it on a block long enough to be counted in chunks (thousands of entries)', () => {
    const entries: BackgroundEntry[] = Array.from({ length: 3_000 }, (_, index) => ({ id: (0x10000000 + index * 7919).toString(16), ...(index % 9 === 0 ? { keywords: [`term${index}`, 'refund'] } : {}) }));
    const block = backgroundMessage(entries, ['m1']);
    expect(String(block.content).length).toBeGreaterThan(20_000);
    expect(blockTokensOf(block, entries, false, o200k)).toBe(countMessageTokens(block, o200k));
  });

  it('count the whole block with any other counter', () => {
    const chars = createCharTokenCounter();
    const entries: BackgroundEntry[] = [{ id: '0123abcd' }, { id: '89abcdef', keywords: ['refund', 'order'] }];
    const block = backgroundMessage(entries, ['m1']);
    expect(blockTokensOf(block, entries, false, chars)).toBe(countMessageTokens(block, chars));
  });
});
