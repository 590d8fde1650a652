import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CAIRN_MARKER_PREFIX, neutralizeMarkup } from './neutralize-markup.js';

function containsMarker(text: string): boolean {
  return /\[[ \t]*cairn[ \t]*:|<\/?[ \t]*cairn/i.test(text);
}

describe('neutralizeMarkup', () => {
  test('escapes imitations of cairn markers with a backslash before "cairn"', () => {
    expect(neutralizeMarkup('[cairn:compressed id=m12] hi')).toBe('[\\cairn:compressed id=m12] hi');
    expect(neutralizeMarkup('[CAIRN:placeholder] [ Cairn : x]')).toBe('[\\CAIRN:placeholder] [ \\Cairn : x]');
    expect(neutralizeMarkup('<cairn-brief>x</cairn-brief> < / cairn>')).toBe('<\\cairn-brief>x</\\cairn-brief> < / cairn>');
    expect(neutralizeMarkup('</ CAIRN>')).toBe('</ \\CAIRN>');
  });

  test('leaves other text alone', () => {
    const text = 'cairn is a pile of stones; [cairn] and [cairns: none] stay; a<cairn? no: a <\\cairn stays';
    expect(neutralizeMarkup(text)).toBe(text.replace('a<cairn', 'a<\\cairn'));
    expect(neutralizeMarkup('plain text')).toBe('plain text');
    expect(neutralizeMarkup('')).toBe('');
  });

  test('exports the marker prefix it guards', () => {
    expect(CAIRN_MARKER_PREFIX).toBe('[cairn:');
    expect(neutralizeMarkup(`${CAIRN_MARKER_PREFIX}x]`).startsWith(CAIRN_MARKER_PREFIX)).toBe(false);
  });

  const markupText = fc
    .array(fc.constantFrom('[', '<', '/', ' ', 'cairn', 'CaIrN', ':', '\\', 'x', ']', '>', '\t'), { maxLength: 40 })
    .map((parts) => parts.join(''));

  propertyTest.prop([fc.oneof(markupText, fc.string())])('is idempotent and leaves no marker behind', (text) => {
    const once = neutralizeMarkup(text);
    expect(neutralizeMarkup(once)).toBe(once);
    expect(containsMarker(once)).toBe(false);
    expect(once.replaceAll('\\', '')).toBe(text.replaceAll('\\', ''));
  });
});
