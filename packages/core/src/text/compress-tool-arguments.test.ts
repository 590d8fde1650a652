import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compressToolArguments, MAX_ARGUMENT_ARRAY_ITEMS, omittedItemsNote } from './compress-tool-arguments.js';

const traceback = [
  'Traceback (most recent call last):',
  ...Array.from({ length: 60 }, (_, index) => `  File "/srv/app/module_${index}.py", line ${index + 10}, in handler_${index}`),
  'KeyError: user_id 4821 not found',
].join('\n');

/** Keys of every object, depth first, as JSON sees them. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keyPaths(item, `${prefix}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.keys(value).flatMap((key) => [`${prefix}.${key}`, ...keyPaths((value as Record<string, unknown>)[key], `${prefix}.${key}`)]);
}

describe('compressToolArguments', () => {
  test('shortens long strings, keeping their anchors, and leaves the rest alone', () => {
    const input = { path: 'src/app.py', retries: 3, dryRun: false, note: null, log: traceback, tags: ['a', 'b'] };
    const output = compressToolArguments(input, { maxStringChars: 400 }) as typeof input;
    expect(output).toEqual({ ...input, log: output.log });
    expect(output.log.length).toBeLessThanOrEqual(400);
    expect(output.log).toContain('Traceback (most recent call last):');
    expect(output.log).toContain('KeyError: user_id 4821 not found');
    expect(input.log).toBe(traceback);
  });

  test('cuts arrays longer than the cap and appends a note', () => {
    const output = compressToolArguments({ items: Array.from({ length: 70 }, (_, index) => index) }, { maxStringChars: 100 }) as {
      items: unknown[];
    };
    expect(output.items).toHaveLength(MAX_ARGUMENT_ARRAY_ITEMS + 1);
    expect(output.items[49]).toBe(49);
    expect(output.items[50]).toBe(omittedItemsNote(20));
  });

  test('maps values JSON cannot hold the way JSON.stringify sees them', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const input = { big: 12n, when: new Date(0), fn: () => 1, list: [undefined, Symbol('s')], cyclic };
    const output = compressToolArguments(input, { maxStringChars: 100 });
    expect(JSON.parse(JSON.stringify(output))).toEqual({
      big: '12',
      when: '1970-01-01T00:00:00.000Z',
      list: [null, null],
      cyclic: { name: 'loop', self: '[circular]' },
    });
    expect(compressToolArguments('short', { maxStringChars: 100 })).toBe('short');
    expect(compressToolArguments(undefined, { maxStringChars: 100 })).toBeUndefined();
  });

  test('keeps an own "__proto__" key as data', () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as object;
    const output = compressToolArguments(input, { maxStringChars: 100 }) as Record<string, unknown>;
    expect(Object.keys(output)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(output)).toBe(JSON.stringify(input));
  });

  propertyTest.prop([fc.jsonValue({ maxDepth: 4 }), fc.integer({ min: 0, max: 300 })], { numRuns: 150 })(
    'returns serialisable JSON with the same keys, deterministically',
    (value, maxStringChars) => {
      const output = compressToolArguments(value, { maxStringChars });
      const serialised = JSON.stringify(output);
      expect(typeof serialised).toBe('string');
      expect(JSON.stringify(compressToolArguments(value, { maxStringChars }))).toBe(serialised);
      const cut = (paths: string[]): string[] => paths.filter((path) => !/\[(?:[5-9]\d|\d{3,})\]/.test(path));
      expect(cut(keyPaths(JSON.parse(serialised)))).toEqual(cut(keyPaths(JSON.parse(JSON.stringify(value)))));
      if (maxStringChars >= 32) {
        const strings = JSON.stringify(output, (_key, item: unknown) => (typeof item === 'string' && item.length > maxStringChars ? '!!long!!' : item));
        expect(strings).not.toContain('!!long!!');
      }
    },
  );
});
