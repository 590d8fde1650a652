import { CairnError, type SessionKey } from '@cairn/core';

const KEY_PART = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * Validates both parts of a session key: 1–128 characters of `[A-Za-z0-9._:@-]`, no `..`.
 * A local copy of core's rule (core does not export `checkSessionKey` yet); nothing that could
 * change a Redis key's meaning (`{`, `}`, `*`, `?`, `[`, spaces, newlines) gets through.
 *
 * @param key - the key to check (any value; callers may pass untyped input).
 * @returns the same key, typed.
 * @throws CairnError `INVALID_SESSION_KEY` naming the part that is wrong.
 * @internal
 */
export function checkSessionKey(key: unknown): SessionKey {
  if (typeof key !== 'object' || key === null) {
    throw new CairnError({
      code: 'INVALID_SESSION_KEY',
      message: `Invalid session key ${describe(key)}: pass { tenant, sessionId }.`,
      details: { key: describe(key) },
    });
  }
  const { tenant, sessionId } = key as Record<string, unknown>;
  checkKeyPart('tenant', tenant);
  checkKeyPart('sessionId', sessionId);
  return { tenant: tenant as string, sessionId: sessionId as string };
}

/**
 * Validates one part of a session key (a tenant or a session id) by the same rule as
 * {@link checkSessionKey}.
 * @throws CairnError `INVALID_SESSION_KEY`
 * @internal
 */
export function checkKeyPart(part: 'tenant' | 'sessionId', value: unknown): string {
  if (typeof value !== 'string' || !KEY_PART.test(value) || value.includes('..')) {
    throw new CairnError({
      code: 'INVALID_SESSION_KEY',
      message: `Invalid ${part} ${describe(value)}: use 1–128 letters, digits, '.', '_', ':', '@' or '-', without '..'.`,
      details: { [part]: describe(value) },
    });
  }
  return value;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 160 ? `${value.slice(0, 160)}…` : value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
