import { CairnError, encodeStoredMessage, type CairnMessage } from '@cairn/core';

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

/**
 * Checks that a count option (expected length or version, message count) is a non-negative
 * integer.
 * @throws CairnError `INVALID_OPTIONS`
 * @internal
 */
export function checkCount(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new CairnError({
      code: 'INVALID_OPTIONS',
      message: `Invalid ${name} ${JSON.stringify(value)}: pass a non-negative integer.`,
      details: { [name]: value },
    });
  }
  return value;
}

/**
 * Serialises messages for the log, refusing anything the store could not read back (so nothing
 * unreadable is ever written).
 * @throws CairnError `INVALID_MESSAGE`
 * @internal
 */
export function serializeMessages(messages: readonly CairnMessage[]): string[] {
  if (!Array.isArray(messages)) {
    throw new CairnError({ code: 'INVALID_MESSAGE', message: 'Invalid messages: pass an array of cairn messages.' });
  }
  return messages.map((message: unknown, index) => {
    const record = (typeof message === 'object' && message !== null ? message : {}) as Record<string, unknown>;
    const valid =
      typeof record.id === 'string' &&
      typeof record.role === 'string' &&
      ROLES.has(record.role) &&
      (typeof record.content === 'string' || Array.isArray(record.content));
    if (!valid) {
      throw new CairnError({
        code: 'INVALID_MESSAGE',
        message: `Invalid message at index ${index}: a message needs a string id, a role (system, user, assistant, tool) and content.`,
        details: { index },
      });
    }
    return encodeStoredMessage(message as CairnMessage);
  });
}
