import { CairnError } from '../log/index.js';
import type { SessionKey } from './session-store.js';

/**
 * The error stores throw when an optimistic check fails (`expectedLength`, `expectedVersion`):
 * code `SESSION_CONFLICT`, a message naming the session, `details.tenant` and `details.sessionId`.
 *
 * @param key - The session another writer changed.
 * @param problem - What did not match, e.g. `the log has 5 messages, the writer expected 4`.
 *
 * @example
 * ```ts
 * if (length !== expectedLength) throw sessionConflictError(key, `the log has ${length} messages, the writer expected ${expectedLength}`);
 * ```
 */
export function sessionConflictError(key: SessionKey, problem: string): CairnError {
  return new CairnError({
    code: 'SESSION_CONFLICT',
    message: `Session "${key.sessionId}" of tenant "${key.tenant}" changed under you: ${problem}. Another writer got there first; reload the session and retry.`,
    details: { tenant: key.tenant, sessionId: key.sessionId, problem },
  });
}
