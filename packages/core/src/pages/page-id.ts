import { hashText } from '../text/index.js';

/** Hex characters of a page id (the seed's short hash: 8–12). */
export const PAGE_ID_LENGTH = 8;
const PAGE_ID = /^[0-9a-f]{8,12}$/;

/**
 * The short-hash id of a page: 8 hex characters derived from the session id and the id of the
 * page's lead message, so the same page has the same id after a restart and in every store, and
 * the page of another session (same message ids, other session) has another id. `attempt` > 0
 * gives the next candidate when an earlier page of the session already took an id (32 bits:
 * about one session in a hundred with 10,000 pages has one such collision; ids are assigned in
 * log order, so the outcome is the same after every restore).
 *
 * @param sessionId - The engine's session id.
 * @param leadId - Id of the page's first message (its unit's id).
 * @param attempt - 0 first; the next integer after a collision.
 * @returns 8 characters of `[0-9a-f]`.
 * @example
 * ```ts
 * pageIdOf('session', 'm12'); // always the same 8 hex characters
 * ```
 */
export function pageIdOf(sessionId: string, leadId: string, attempt = 0): string {
  const value = Number.parseInt(hashText(`${sessionId}\u0000${leadId}`, attempt), 36);
  return value.toString(16).padStart(14, '0').slice(-PAGE_ID_LENGTH);
}

/** True when `value` has the shape of a page id (8–12 lower-case hex characters). */
export function looksLikePageId(value: string): boolean {
  return PAGE_ID.test(value);
}
