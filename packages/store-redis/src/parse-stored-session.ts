import { corruptSessionError, decodeStoredMessage, type CairnMessage, type LoadedSession, type SessionKey, type StoredState } from '@cairn/core';

/**
 * Parses what the load script read (the state hash as a field/value list, the log's JSON
 * elements) into a {@link LoadedSession}.
 * @throws CairnError `CORRUPT_SESSION` naming the session and the first bad element or field.
 * @internal
 */
export function parseStoredSession(key: SessionKey, stateFields: readonly unknown[], elements: readonly unknown[]): LoadedSession {
  return { key, messages: parseStoredMessages(key, elements, 0), state: parseState(key, stateFields) };
}

/**
 * Parses log elements read from position `from` on.
 * @throws CairnError `CORRUPT_SESSION` naming the session and the first bad element.
 * @internal
 */
export function parseStoredMessages(key: SessionKey, elements: readonly unknown[], from: number): CairnMessage[] {
  return elements.map((element, offset) => decodeStoredMessage(key, Buffer.isBuffer(element) ? element.toString('utf8') : element, from + offset));
}

/**
 * Parses the state hash (a flat field/value list); `undefined` when no state was saved yet.
 * @throws CairnError `CORRUPT_SESSION` naming the session and the bad field.
 * @internal
 */
export function parseState(key: SessionKey, fields: readonly unknown[]): StoredState | undefined {
  const hash = new Map<string, string>();
  for (let index = 0; index + 1 < fields.length; index += 2) hash.set(String(fields[index]), String(fields[index + 1]));
  if (!hash.has('version')) return undefined;
  const version = Number(hash.get('version'));
  const messageCount = Number(hash.get('messageCount'));
  const data = hash.get('data');
  if (!Number.isSafeInteger(version) || version < 1) throw corruptSessionError(key, `its state version ${JSON.stringify(hash.get('version'))} is not a positive integer`);
  if (!Number.isSafeInteger(messageCount) || messageCount < 0) {
    throw corruptSessionError(key, `its state's message count ${JSON.stringify(hash.get('messageCount'))} is not a non-negative integer`);
  }
  if (data === undefined) throw corruptSessionError(key, 'its state has no data');
  return { version, messageCount, data };
}
