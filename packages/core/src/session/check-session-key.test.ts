import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { checkSessionKey, checkSessionTenant } from './check-session-key.js';
import { CairnError } from '../log/index.js';
import { INVALID_KEY_PARTS } from '../testing/session-store-conformance.js';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return CairnError.isInstance(error) ? error.code : 'not a CairnError';
  }
}

const ALLOWED = 'abcXYZ019._:@-';

describe('checkSessionKey', () => {
  it('accepts keys of the allowed characters and returns them', () => {
    const key = { tenant: 'acme.eu', sessionId: 'user@example.com:chat_1-2' };
    expect(checkSessionKey(key)).toBe(key);
    expect(checkSessionTenant('x'.repeat(128))).toBe('x'.repeat(128));
  });

  it('rejects every injection-prone part, naming it', () => {
    for (const bad of INVALID_KEY_PARTS) {
      expect(codeOf(() => checkSessionKey({ tenant: bad, sessionId: 'ok' } as never))).toBe('INVALID_SESSION_KEY');
      expect(codeOf(() => checkSessionKey({ tenant: 'ok', sessionId: bad } as never))).toBe('INVALID_SESSION_KEY');
      expect(codeOf(() => checkSessionTenant(bad as string))).toBe('INVALID_SESSION_KEY');
    }
    expect(codeOf(() => checkSessionKey(null as never))).toBe('INVALID_SESSION_KEY');
    try {
      checkSessionKey({ tenant: 'ok', sessionId: 'a*b' });
    } catch (error) {
      expect((error as CairnError).message).toContain('sessionId "a*b"');
    }
  });

  test.prop([fc.string({ maxLength: 140 })])('accepts a string exactly when it is 1–128 allowed characters without ".."', (value) => {
    const valid = value.length >= 1 && value.length <= 128 && [...value].every((char) => ALLOWED.includes(char) || /[A-Za-z0-9]/.test(char)) && !value.includes('..');
    expect(codeOf(() => checkSessionKey({ tenant: 't', sessionId: value })) === undefined).toBe(valid);
  });
});
