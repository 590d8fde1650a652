import { createContextEngine, type ContextEngineOptions } from '@cairn/core';
import { SessionEntry } from './session-entry.js';

/**
 * A session that lives for one model call only: a fresh engine that holds nothing but the
 * call's own prompt. Used for calls that name no session, so nothing is shared between
 * unrelated calls and nothing outlives the call.
 *
 * @internal
 */
export function callScopedEntry(engineOptions: Omit<ContextEngineOptions, 'sessionId'>): SessionEntry {
  const engine = createContextEngine({ ...engineOptions, sessionId: 'call' });
  return new SessionEntry('call', {
    engine,
    ingest: async (messages) => engine.ingest(messages),
    assemble: (options) => engine.assemble(options),
  });
}
