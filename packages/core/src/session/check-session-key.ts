import { CairnError } from '../log/index.js';
import type { SessionKey } from './session-store.js';

/** What a tenant or session id may be made of: 1–128 characters, no `..`. */
const KEY_PART = /^[A-Za-z0-9._:@-]{1,128}$/;

function checkPart(value: unknown, name: 'tenant' | 'sessionId'): string {
  if (typeof value !== 'string' || !KEY_PART.test(value) || value.includes('..')) {
    throw new CairnError({
      code: 'INVALID_SESSION_KEY',
      message: `Invalid session key: ${name} ${JSON.stringify(value)} must be 1–128 characters of letters, digits, '.', '_', ':', '@' or '-', without '..'. Stores build keys and paths from it, so nothing else can pass.`,
      details: { [name]: value },
    });
  }
  return value;
}

/**
 * Validates a session key: tenant and session id are each 1–128 characters of
 * `[A-Za-z0-9._:@-]` and contain no `..` (no separators, wildcards, spaces or path tricks a store
 * could be fooled with).
 *
 * @param key - The key to check (any value: it comes from callers).
 * @returns The same key, typed.
 * @throws CairnError `INVALID_SESSION_KEY` naming the bad part.
 *
 * @example
 * ```ts
 * checkSessionKey({ tenant: 'acme', sessionId: 'chat-42' }); // ok
 * checkSessionKey({ tenant: 'acme', sessionId: 'a*' });      // throws INVALID_SESSION_KEY
 * ```
 */
export function checkSessionKey(key: SessionKey): SessionKey {
  if (typeof key !== 'object' || key === null) {
    throw new CairnError({ code: 'INVALID_SESSION_KEY', message: 'Invalid session key: pass { tenant, sessionId }.', details: {} });
  }
  checkPart(key.tenant, 'tenant');
  checkPart(key.sessionId, 'sessionId');
  return key;
}

/**
 * Validates a tenant alone (as `SessionStore.list` takes it), with the rules of {@link checkSessionKey}.
 * @throws CairnError `INVALID_SESSION_KEY`
 */
export function checkSessionTenant(tenant: string): string {
  return checkPart(tenant, 'tenant');
}
