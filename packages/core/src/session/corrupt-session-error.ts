import { CairnError } from '../log/index.js';
import type { SessionKey } from './session-store.js';

/**
 * The error every store and the session layer throw for unreadable stored data: code
 * `CORRUPT_SESSION`, a message naming the tenant and session, `details.tenant` and
 * `details.sessionId`, and the underlying error as `cause`. Only that session is affected.
 *
 * @param key - The session whose data is unreadable.
 * @param problem - What is wrong, e.g. `message 3 is not JSON`.
 * @param cause - The underlying error, if any.
 *
 * @example
 * ```ts
 * throw corruptSessionError(key, `message row ${position} is not JSON`, error);
 * ```
 */
export function corruptSessionError(key: SessionKey, problem: string, cause?: unknown): CairnError {
  return new CairnError({
    code: 'CORRUPT_SESSION',
    message: `Session "${key.sessionId}" of tenant "${key.tenant}" is corrupt: ${problem}. Other sessions are not affected; restore this one from a backup or delete it.`,
    details: { tenant: key.tenant, sessionId: key.sessionId, problem },
    cause,
  });
}
