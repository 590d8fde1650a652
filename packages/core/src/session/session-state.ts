import type { ContextEngine } from '../engine/index.js';
import type { EngineSnapshot } from '../engine/index.js';

/** Identifies serialised session states. */
export const SESSION_STATE_FORMAT = 'cairn.session-state';
/** The session-state version this package writes and reads. */
export const SESSION_STATE_VERSION = 1;

/**
 * An engine's state without its messages (they live in the store's log): fidelity tags, scores,
 * direction history, vocabulary, dead-end registry, token counts. `messageCount` says how many
 * log messages it covers; the rest of the log is the tail to ingest after restoring.
 */
export type SessionStateJson = Omit<EngineSnapshot, 'format' | 'version' | 'messages' | 'sessionId'> & {
  format: typeof SESSION_STATE_FORMAT;
  version: typeof SESSION_STATE_VERSION;
  messageCount: number;
};

/**
 * Copies an engine's state without its messages, ready for `SessionStore.saveState`
 * (`JSON.stringify` it). Restore it with `restoreSessionState` and the log's first
 * `messageCount` messages.
 *
 * @param engine - The engine to copy.
 * @returns A JSON-serialisable, versioned state (`cairn.session-state` v1).
 *
 * @example
 * ```ts
 * const state = snapshotSessionState(engine);
 * await store.saveState(key, { messageCount: state.messageCount, data: JSON.stringify(state) });
 * ```
 */
export function snapshotSessionState(engine: ContextEngine): SessionStateJson {
  const { format: _format, version: _version, messages, sessionId: _sessionId, ...rest } = engine.snapshot();
  return { format: SESSION_STATE_FORMAT, version: SESSION_STATE_VERSION, messageCount: messages.length, ...rest };
}
