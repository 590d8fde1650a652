import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { looksLikePageId, pageIdOf } from './page-id.js';

describe('pageIdOf', () => {
  it('is 8 hex characters, the same for the same session and lead id', () => {
    const id = pageIdOf('session', 'm12');
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(looksLikePageId(id)).toBe(true);
    expect(pageIdOf('session', 'm12')).toBe(id);
  });

  it('differs between sessions and between attempts', () => {
    expect(pageIdOf('other', 'm12')).not.toBe(pageIdOf('session', 'm12'));
    expect(pageIdOf('session', 'm12', 1)).not.toBe(pageIdOf('session', 'm12'));
  });

  test.prop([fc.string(), fc.string(), fc.nat({ max: 5 })])('always has the page-id shape', (session, lead, attempt) => {
    expect(looksLikePageId(pageIdOf(session, lead, attempt))).toBe(true);
  });
});
