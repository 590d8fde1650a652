import { describe, expect, it } from 'vitest';
import { BACKGROUND_ENTRIES_PER_LINE, BACKGROUND_HEADER, backgroundEntryText, renderBackgroundContext } from './background-context.js';

describe('renderBackgroundContext', () => {
  it('writes the header, then the entries in the given order, packed to lines', () => {
    const entries = Array.from({ length: BACKGROUND_ENTRIES_PER_LINE + 2 }, (_, index) => ({ id: `0000000${index.toString(16)}`.slice(-8) }));
    const lines = renderBackgroundContext(entries).split('\n');
    expect(lines[0]).toBe(BACKGROUND_HEADER);
    expect(lines).toHaveLength(3);
    expect(lines[1]!.startsWith('- 00000000 00000001')).toBe(true);
    expect(lines[2]).toBe('- 0000000a 0000000b');
  });

  it('shows keywords in parentheses, and escapes what could pass for a marker or close them', () => {
    expect(backgroundEntryText({ id: '1a2b3c4d', keywords: ['adoption', 'agency'] })).toBe('1a2b3c4d (adoption, agency)');
    const text = backgroundEntryText({ id: '1a2b3c4d', keywords: ['[cairn:background]', 'a)b\nc'] });
    expect(text.includes('[cairn:background]')).toBe(false);
    expect(text.match(/\)/g)).toHaveLength(1);
    expect(text.includes('\n')).toBe(false);
  });
});
