import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../log/index.js';
import { compressToolArguments } from '../text/index.js';
import { compressedToolCalls } from './compressed-tool-calls.js';

/** What the compressed rendering did before: every call copied, its arguments compressed. */
function copiedAll(calls: readonly ToolCall[], maxStringChars: number): ToolCall[] {
  return calls.map((call) => ({ ...call, arguments: compressToolArguments(call.arguments, { maxStringChars }) }));
}

/** Arguments as stored and as odd as a caller may pass: short and long strings, long arrays, deep nesting, undefined, class instances. */
const argument: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 8 }),
    fc.string({ minLength: 30, maxLength: 80 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.date({ noInvalidDate: true }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.nat(), { minLength: 45, maxLength: 60 }),
    fc.dictionary(fc.string({ maxLength: 5 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const calls = fc.array(fc.record({ id: fc.string({ maxLength: 6 }), name: fc.constantFrom('search', 'read_file'), arguments: argument }), { maxLength: 4 });

describe('compressedToolCalls', () => {
  test.prop([calls, fc.integer({ min: 32, max: 60 })], { numRuns: 300 })('equals copying every call with its arguments compressed: the same JSON and the same structure', (given, maxStringChars) => {
    const result = compressedToolCalls(given, maxStringChars);
    const expected = copiedAll(given, maxStringChars);
    expect(JSON.stringify(result)).toBe(JSON.stringify(expected));
    expect(result).toEqual(expected);
    // A call is kept as it is only where compressing would not change it.
    result.forEach((call, index) => {
      if (call === given[index]) expect(compressToolArguments(call.arguments, { maxStringChars })).toStrictEqual(call.arguments);
    });
  });

  it('keeps short arguments (and the list) as they are, and compresses a long string', () => {
    const short: ToolCall[] = [{ id: 'c1', name: 'search', arguments: { query: 'refund ORD-1', limit: 5, filters: ['open', null, true] } }];
    expect(compressedToolCalls(short, 240)).toBe(short);
    const long: ToolCall[] = [short[0]!, { id: 'c2', name: 'edit_file', arguments: { path: 'a.ts', content: 'x = 1;\n'.repeat(200) } }];
    const result = compressedToolCalls(long, 240);
    expect(result).not.toBe(long);
    expect(result[0]).toBe(long[0]);
    expect(result[1]).not.toBe(long[1]);
    expect(JSON.stringify(result[1]!.arguments).length).toBeLessThan(JSON.stringify(long[1]!.arguments).length);
  });
});
