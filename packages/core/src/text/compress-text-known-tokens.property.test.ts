import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createBpeTokenCounter } from '../log/index.js';
import { compressText } from './compress-text.js';

// A caller that knows the input's token count passes it (issue 17: a logged message's cached count),
// and the input is not counted again: the result must be what counting it gives.

const counter = createBpeTokenCounter();
const line = fc.oneof(fc.lorem({ maxCount: 14 }), fc.constantFrom('Error: exit code 1 (ENOENT)', 'ORD-48213 refunded', 'src/server/route.ts:12', 'not deployed'), fc.string({ maxLength: 60 }));
const input = fc.array(line, { minLength: 1, maxLength: 40 }).map((lines) => lines.join('\n'));

describe('compressText with the input count given', () => {
  test.prop([input, fc.integer({ min: 0, max: 400 })], { numRuns: 200 })('returns what counting the input returns', (text, maxTokens) => {
    const counted = compressText(text, { maxTokens, countTokens: counter.count });
    const given = compressText(text, { maxTokens, countTokens: counter.count, textTokens: counter.count(text) });
    expect(given).toEqual(counted);
  });
});
