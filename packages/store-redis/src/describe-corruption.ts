import { CairnError, type SessionKey } from '@cairn/core';

/**
 * The error for a session whose stored data cannot be read: code `CORRUPT_SESSION`, naming the
 * session and saying what is wrong. Only this session is affected.
 * @internal
 */
export function corruptSessionError(key: SessionKey, problem: string, cause?: unknown): CairnError {
  return new CairnError({
    code: 'CORRUPT_SESSION',
    message:
      `Session '${key.sessionId}' of tenant '${key.tenant}' cannot be read from Redis: ${problem}. ` +
      'Other sessions are unaffected; delete this one (store.delete) or restore it from a backup.',
    cause,
    details: { tenant: key.tenant, sessionId: key.sessionId, problem },
  });
}

/**
 * Turns a script's `corrupt` reply (reason, detail) into words.
 * @internal
 */
export function describeCorruption(reason: string, detail: string, schema: string): string {
  switch (reason) {
    case 'schema':
      return `it was written in store schema version '${detail}', and this version of @cairn/store-redis reads only '${schema}'`;
    case 'marker':
      return 'its schema marker is missing (the keys were not written by @cairn/store-redis)';
    case 'version':
      return `its state version ${JSON.stringify(detail)} is not a number`;
    case 'log-type':
      return `its log key holds a Redis ${detail}, not a list`;
    case 'state-type':
      return `its state key holds a Redis ${detail}, not a hash`;
    case 'index-type':
      return `the tenant's session index holds a Redis ${detail}, not a sorted set`;
    default:
      return `${reason} ${detail}`.trim();
  }
}
