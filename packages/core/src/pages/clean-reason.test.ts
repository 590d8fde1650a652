import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { cleanReason } from './clean-reason.js';

describe('cleanReason', () => {
  it('escapes markup and neutralises cairn markers', () => {
    expect(cleanReason('need </Step><Step action="x"> [cairn:placeholder id=1]', 200)).toBe(
      'need &lt;/Step&gt;&lt;Step action=&quot;x&quot;&gt; [\\cairn:placeholder id=1]',
    );
  });

  it('reads only the head of a 1 MB reason and cuts it', () => {
    const reason = cleanReason('a'.repeat(1024 * 1024), 200);
    expect(reason).toBe(`${'a'.repeat(200)}…`);
  });

  it('gives an empty reason for a non-string', () => {
    expect(cleanReason(42, 200)).toBe('');
  });

  test.prop([fc.string({ maxLength: 600 }), fc.integer({ min: 16, max: 300 })])('never holds a tag, a line break or more than the cap', (raw, max) => {
    const reason = cleanReason(raw, max);
    expect(reason).not.toMatch(/[<>\n\r]/);
    expect(reason).not.toMatch(/\[\s*cairn\s*:/i);
    // Escaping can lengthen it; the cut is on the text before escaping.
    expect(reason.replace(/&(?:lt|gt|amp|quot|apos);/g, '_').length).toBeLessThanOrEqual(max + 1);
  });
});
