import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { contentText, contentTokensOf, countMessageTokens, createBpeTokenCounter, createCharTokenCounter, type TokenCounter } from './token-counter.js';
import type { CairnMessage } from './types.js';

// A compressed rendering takes a message's content tokens from its cached whole count instead of
// counting a long content again (issue 17); that must be exactly the content's own count.

const COUNTERS: readonly TokenCounter[] = [createBpeTokenCounter(), createBpeTokenCounter({ safetyMargin: 0.1 }), createCharTokenCounter(), createCharTokenCounter({ charsPerToken: 3 })];
const text = fc.oneof(fc.string({ maxLength: 300 }), fc.lorem({ maxCount: 60 }), fc.string({ unit: 'grapheme', maxLength: 80 }));
const message: fc.Arbitrary<CairnMessage> = fc.record(
  {
    id: fc.constant('m1'),
    role: fc.constantFrom('user', 'assistant', 'tool', 'system'),
    content: fc.oneof(text, fc.array(text.map((part) => ({ type: 'text' as const, text: part })), { maxLength: 3 })),
    name: fc.string({ minLength: 1, maxLength: 20 }),
    toolCalls: fc.array(fc.record({ id: fc.constant('c1'), name: fc.constant('read_file'), arguments: fc.record({ path: fc.string() }) }), { maxLength: 2 }),
  },
  { requiredKeys: ['id', 'role', 'content'] },
) as fc.Arbitrary<CairnMessage>;

describe('contentTokensOf', () => {
  test.prop([message, fc.constantFrom(...COUNTERS)], { numRuns: 300 })('is the content count taken from the whole count, or undefined with tool calls', (input, counter) => {
    const tokens = contentTokensOf(input, countMessageTokens(input, counter), counter);
    if (input.toolCalls && input.toolCalls.length > 0) expect(tokens).toBeUndefined();
    else expect(tokens).toBe(counter.count(contentText(input.content)));
  });
});
