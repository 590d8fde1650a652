import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { CairnError } from '@cairn/core';

/**
 * The session a call names in `providerOptions.cairn.sessionId`, or `undefined` when it names
 * none. The id's characters are checked by the store (core's `checkSessionKey`).
 *
 * @throws CairnError `INVALID_OPTIONS` when `sessionId` is given but is not a string (a call
 *   is never silently moved to another session).
 * @internal
 */
export function callSessionId(params: LanguageModelV4CallOptions): string | undefined {
  const cairn = params.providerOptions?.cairn as { sessionId?: unknown } | undefined;
  const sessionId = cairn?.sessionId;
  if (sessionId === undefined) return undefined;
  if (typeof sessionId !== 'string') {
    throw new CairnError({
      code: 'INVALID_OPTIONS',
      message: `Invalid providerOptions.cairn.sessionId: expected a string (1–128 characters of [A-Za-z0-9._:@-]), got ${typeof sessionId}.`,
      details: { sessionId: String(sessionId) },
    });
  }
  return sessionId;
}
