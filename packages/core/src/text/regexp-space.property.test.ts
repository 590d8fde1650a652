import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { collapseDigitsAndBlanks, isRegExpSpace } from './regexp-space.js';

// The hand-written scans stand in for regular expressions on every segment compressed (issue 17):
// they must agree with them exactly, on every code unit and every text.

const piece = fc.constantFrom(' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u1680', '\u2000', '\u200a', '\u200b', '\u2028', '\u202f', '\u205f', '\u3000', '\ufeff', '\u0085', '0', '42', '٣', 'a', 'Z', 'é', '😀', '#', '<id>');
const text = fc.oneof(fc.string({ maxLength: 120 }), fc.string({ unit: 'binary', maxLength: 60 }), fc.array(piece, { maxLength: 40 }).map((parts) => parts.join('')));

describe('regular-expression stand-ins', () => {
  it('isRegExpSpace is /\\s/ on every UTF-16 code unit', () => {
    for (let code = 0; code <= 0xffff; code++) expect(isRegExpSpace(code), code.toString(16)).toBe(/\s/.test(String.fromCharCode(code)));
  });

  test.prop([text], { numRuns: 1000 })("collapseDigitsAndBlanks is .replace(/\\d+/g, '#').replace(/\\s+/g, ' ')", (input) => {
    expect(collapseDigitsAndBlanks(input)).toBe(input.replace(/\d+/g, '#').replace(/\s+/g, ' '));
  });
});
