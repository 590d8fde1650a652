import type { CairnMessage, LoadedSession, SessionKey, StoredState } from '@cairn/core';
import { corruptSessionError } from './corrupt-session-error.js';

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

/**
 * Parses what the load script read (the state hash as a field/value list, the log's JSON
 * elements) into a {@link LoadedSession}.
 * @throws CairnError `CORRUPT_SESSION` naming the session and the first bad element or field.
 * @internal
 */
export function parseStoredSession(key: SessionKey, stateFields: readonly unknown[], elements: readonly unknown[]): LoadedSession {
  const messages = elements.map((element, index) => parseMessage(key, element, index));
  return { key, messages, state: parseState(key, stateFields) };
}

function parseMessage(key: SessionKey, element: unknown, index: number): CairnMessage {
  let value: unknown;
  try {
    value = JSON.parse(String(element));
  } catch (error) {
    throw corruptSessionError(key, `log element ${index} is not valid JSON`, error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw corruptSessionError(key, `log element ${index} is not a message object`);
  }
  const message = value as Record<string, unknown>;
  if (typeof message.id !== 'string' || typeof message.role !== 'string' || !ROLES.has(message.role)) {
    throw corruptSessionError(key, `log element ${index} has no string id or no valid role`);
  }
  if (typeof message.content !== 'string' && !Array.isArray(message.content)) {
    throw corruptSessionError(key, `log element ${index} (message '${message.id}') has no content`);
  }
  return value as CairnMessage;
}

function parseState(key: SessionKey, fields: readonly unknown[]): StoredState | undefined {
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
