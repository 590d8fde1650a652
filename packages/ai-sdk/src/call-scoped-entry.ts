import { createContextEngine, type ContextEngineOptions } from '@cairn/core';
import { SessionEntry } from './session-entry.js';

/**
 * A fresh engine for a call that names no session: it holds nothing but the call's own prompt
 * (the middleware may later hand it to a call whose prompt extends exactly that history, see
 * `UnnamedEngineCache`). It has no summariser: summaries are written only by
 * `engine.summarize()`, which is never run for it, and none could come from anywhere but the
 * prompt.
 *
 * @internal
 */
export function callScopedEntry(engineOptions: Omit<ContextEngineOptions, 'sessionId'>): SessionEntry {
  const engine = createContextEngine({ ...engineOptions, summarizer: undefined, sessionId: 'call' });
  return new SessionEntry('call', {
    engine,
    ingest: async (messages) => engine.ingest(messages),
    assemble: (options) => engine.assemble(options),
  });
}
