import type { ContextEngine } from '../engine/index.js';
import { corruptSessionError } from './corrupt-session-error.js';
import type { ContextEngineOptions } from '../options/index.js';
import { CairnError } from '../log/index.js';
import { restoreContextEngine } from '../engine/index.js';
import { SESSION_STATE_FORMAT, SESSION_STATE_VERSION } from './session-state.js';
import type { SessionKey } from './session-store.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from '../engine/index.js';
import type { CairnMessage } from '../log/index.js';

/**
 * Restores an engine from a saved session state (what `snapshotSessionState` made, as JSON text
 * or parsed) and the log messages it covers. The state is checked whole (with the engine
 * snapshot's validation): unparseable data, a foreign format, an unknown version, or a state
 * that does not match the messages throws `CORRUPT_SESSION` naming the session; no engine is made.
 *
 * @param key - The session (its id becomes the engine's `sessionId`).
 * @param data - The saved state: JSON text or the parsed object.
 * @param messages - The session's log; only the first `messageCount` messages are used (pass the
 *   whole log and ingest the tail after).
 * @param options - Engine options, as for `createContextEngine` (the session id comes from `key`).
 * @throws CairnError `CORRUPT_SESSION`
 *
 * @example
 * ```ts
 * const loaded = await store.load(key);
 * const engine = restoreSessionState(key, loaded.state.data, loaded.messages);
 * engine.ingest(loaded.messages.slice(loaded.state.messageCount));
 * ```
 */
export function restoreSessionState(key: SessionKey, data: unknown, messages: readonly CairnMessage[], options: Omit<ContextEngineOptions, 'sessionId'> = {}): ContextEngine {
  let root: unknown = data;
  if (typeof data === 'string') {
    try {
      root = JSON.parse(data);
    } catch (error) {
      throw corruptSessionError(key, 'its saved state is not JSON', error);
    }
  }
  if (typeof root !== 'object' || root === null || Array.isArray(root)) throw corruptSessionError(key, 'its saved state is not an object');
  const state = root as Record<string, unknown>;
  if (state.format !== SESSION_STATE_FORMAT) throw corruptSessionError(key, `its saved state has format ${JSON.stringify(state.format)}, not "${SESSION_STATE_FORMAT}"`);
  if (state.version !== SESSION_STATE_VERSION) {
    throw corruptSessionError(key, `its saved state has version ${JSON.stringify(state.version)}; this package reads version ${SESSION_STATE_VERSION} (upgrade @cairn/core to read newer states)`);
  }
  const count = state.messageCount;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > messages.length) {
    throw corruptSessionError(key, `its saved state covers ${JSON.stringify(count)} messages, but the log has ${messages.length}`);
  }
  const { format: _format, version: _version, messageCount: _count, ...rest } = state;
  const snapshot = { ...rest, format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, sessionId: key.sessionId, messages: messages.slice(0, count) };
  try {
    return restoreContextEngine(snapshot, { ...options, sessionId: key.sessionId });
  } catch (error) {
    if (CairnError.isInstance(error) && error.code === 'INVALID_SNAPSHOT') throw corruptSessionError(key, `its saved state is invalid (${error.message})`, error);
    throw error;
  }
}
