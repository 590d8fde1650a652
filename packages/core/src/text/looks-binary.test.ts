import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { findBinarySpans, looksBinary, MIN_BLOB_CHARS } from './looks-binary.js';

const BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+P+/HgAFhAJ/wlseKgAAAABJRU5ErkJggg=='.repeat(4);
const HEX = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'.repeat(4);

describe('findBinarySpans', () => {
  test('finds a base64 blob inside a data url', () => {
    const prefix = 'image: data:image/png;base64,';
    const text = `${prefix}${BASE64} end`;
    expect(findBinarySpans(text)).toEqual([{ start: prefix.length, end: prefix.length + BASE64.length }]);
  });

  test('finds hex runs and clusters of control characters', () => {
    const controls = 'PNG\u0000\u0001\u0002\ufffd\u0003IHDR\u0004';
    const text = `sha ${HEX}\n${controls} tail`;
    const start = 4 + HEX.length + 1 + 3;
    expect(findBinarySpans(text)).toEqual([
      { start: 4, end: 4 + HEX.length },
      { start, end: start + controls.length - 3 },
    ]);
  });

  test('ignores prose, short blobs, long paths and ANSI colours', () => {
    const path = `/${'segment/'.repeat(40)}file`;
    const ansi = '\u001b[31mFAILED\u001b[0m \u001b[32mPASSED\u001b[0m'.repeat(10);
    const text = `hello world ${'x'.repeat(500)} ${BASE64.slice(0, MIN_BLOB_CHARS - 1)} ${path} ${ansi}`;
    expect(findBinarySpans(text)).toEqual([]);
  });

  propertyTest.prop([fc.string({ unit: 'binary', maxLength: 600 })])('spans are sorted, disjoint and in bounds', (text) => {
    let lastEnd = 0;
    for (const span of findBinarySpans(text)) {
      expect(span.start).toBeGreaterThanOrEqual(lastEnd);
      expect(span.end).toBeGreaterThan(span.start);
      expect(span.end).toBeLessThanOrEqual(text.length);
      lastEnd = span.end;
    }
  });
});

describe('looksBinary', () => {
  test('is false for text, code, logs and the empty string', () => {
    expect(looksBinary('')).toBe(false);
    expect(looksBinary('def main():\n\treturn 42\r\n')).toBe(false);
    expect(looksBinary(`upload ${BASE64} done, then a long explanation `.repeat(1) + 'of the run. '.repeat(40))).toBe(false);
  });

  test('is true for decoded bytes and for blobs', () => {
    expect(looksBinary('\u0000\u0001PNG\u0002\u0003\ufffd\ufffd')).toBe(true);
    expect(looksBinary(BASE64)).toBe(true);
    expect(looksBinary(`hash: ${HEX}`)).toBe(true);
  });

  test('handles a large input', () => {
    expect(looksBinary(BASE64.repeat(20_000))).toBe(true);
    expect(looksBinary('word '.repeat(400_000))).toBe(false);
  });
});
