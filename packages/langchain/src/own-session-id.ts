import { randomUUID } from 'node:crypto';
import { CairnError } from '@cairn/core';
import type { CairnSessionOptions } from './cairn-session-options.js';

/**
 * The session of a memory or a chat history, which is one conversation (like LangChain's own
 * `BufferMemory` or a history per session id): `sessionId` when given (stored in `store`,
 * continued by any object with the same id and store); otherwise a session of its own, in its
 * own in-memory store, that no other object can reach.
 *
 * @throws CairnError `INVALID_OPTIONS` for a `store` without a `sessionId` (it would store under
 *   an id nothing could find again).
 * @internal
 */
export function ownSessionId(owner: string, { sessionId, store }: Pick<CairnSessionOptions, 'sessionId' | 'store'>): string {
  if (sessionId !== undefined) return sessionId;
  if (store !== undefined) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid ${owner} options: a store needs a sessionId (the conversation it is stored under). Pass sessionId, or leave store out to keep the session in this object alone.` });
  }
  return `own-${randomUUID()}`;
}
