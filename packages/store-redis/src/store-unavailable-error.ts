import { CairnError } from '@cairn/core';

/** node-redis's errors for a connection that is down, closed, timed out or given up on (by class name: clients may come from another copy of `redis`). */
const CONNECTION_ERRORS = new Set([
  'ClientOfflineError',
  'ClientClosedError',
  'SocketClosedUnexpectedlyError',
  'ConnectionTimeoutError',
  'SocketTimeoutError',
  'ReconnectStrategyError',
  'RootNodesUnavailableError',
  'DisconnectsClientError',
  'TimeoutError',
]);

/** Socket error codes of an unreachable server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** Marks the error the store's own reconnect strategy gives up with. @internal */
export class RedisUnreachableError extends Error {
  override readonly name = 'RedisUnreachableError';
}

/**
 * True when `error` (or what caused it) says Redis could not be reached, as opposed to a reply
 * Redis gave (`ErrorReply`) or a bug.
 * @internal
 */
export function isConnectionFailure(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 4; depth++) {
    const record = current as { constructor?: { name?: string }; code?: unknown; cause?: unknown; originalError?: unknown };
    if (current instanceof RedisUnreachableError) return true;
    if (CONNECTION_ERRORS.has(record.constructor?.name ?? '')) return true;
    if (typeof record.code === 'string' && SOCKET_CODES.has(record.code)) return true;
    current = record.originalError ?? record.cause;
  }
  return false;
}

/**
 * Turns a connection failure into `CairnError` `STORE_UNAVAILABLE` (other errors pass through):
 * the message names the session or tenant and says that a write in flight may or may not have
 * happened; `cause` is node-redis's own error.
 * @internal
 */
export function storeUnavailable(error: unknown, scope: { readonly tenant: string; readonly sessionId?: string }): unknown {
  if (CairnError.isInstance(error) || !isConnectionFailure(error)) return error;
  const what = scope.sessionId === undefined ? `tenant "${scope.tenant}"` : `session "${scope.sessionId}" of tenant "${scope.tenant}"`;
  return new CairnError({
    code: 'STORE_UNAVAILABLE',
    message: `Redis cannot be reached for ${what} (${(error as Error).message}). A write in flight may or may not have been stored: the session's length check detects either on the next append. Check that Redis is up; the next call reconnects.`,
    details: { ...scope },
    cause: error,
  });
}
