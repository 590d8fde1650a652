import { corruptSessionError } from './corrupt-session-error.js';
import type { SessionKey } from './session-store.js';
import type { CairnMessage } from '../log/index.js';

/**
 * Parses one stored message (the JSON text a store wrote with `JSON.stringify`) and checks its
 * shape: an object with a non-empty string `id` and a string `role`. The full validation runs
 * when the engine ingests it.
 *
 * @param key - The session the message belongs to (named in the error).
 * @param text - The stored JSON text.
 * @param position - The message's position in the log (named in the error).
 * @throws CairnError `CORRUPT_SESSION` naming the session and the position.
 *
 * @example
 * ```ts
 * const messages = rows.map((row, position) => decodeStoredMessage(key, row.body, position));
 * ```
 */
export function decodeStoredMessage(key: SessionKey, text: unknown, position: number): CairnMessage {
  if (typeof text !== 'string') throw corruptSessionError(key, `message ${position} is not text`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw corruptSessionError(key, `message ${position} is not JSON`, error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw corruptSessionError(key, `message ${position} is not an object`);
  const message = value as Record<string, unknown>;
  if (typeof message.id !== 'string' || message.id.length === 0 || typeof message.role !== 'string') {
    throw corruptSessionError(key, `message ${position} has no id or role`);
  }
  return value as CairnMessage;
}
