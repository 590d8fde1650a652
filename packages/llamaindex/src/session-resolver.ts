import { CairnError, createBpeTokenCounter, createInMemorySessionStore, DEFAULT_TENANT, openSession, type Embedder, type SessionStore } from '@cairn/core';
import type { BaseEmbedding } from 'llamaindex';
import type { CairnLlamaIndexOptions } from './cairn-llama-index-options.js';
import { fromBaseEmbedding } from './from-base-embedding.js';
import { LlamaIndexSession } from './llama-index-session.js';

function isEmbedder(value: BaseEmbedding | Embedder): value is Embedder {
  return typeof (value as Embedder).embed === 'function' && typeof (value as Embedder).id === 'string';
}

/** Opens and forgets sessions by id: the one place the adapter gets engines from. @internal */
export interface SessionResolver {
  /** The session for an id, opened once (concurrent callers share the opening). */
  get(sessionId: string): Promise<LlamaIndexSession>;
  /** Closes the session, deletes it from the store and forgets it, so the next `get` starts empty. */
  reset(sessionId: string): Promise<void>;
  /** True when the adapter was given an engine (which it cannot reset). */
  readonly fixedEngine: boolean;
}

/**
 * Builds the resolver for an adapter's options: `{ engine }` serves that engine for every id;
 * otherwise sessions are opened with core's `openSession` in `store` (one in-memory store per
 * adapter by default).
 *
 * @throws CairnError `INVALID_OPTIONS` for an `engine` that is not a cairn engine.
 * @internal
 */
export function createSessionResolver(owner: string, options: CairnLlamaIndexOptions): SessionResolver {
  const { engine, budget: _budget, contextWindow: _contextWindow, embedder: embedding, store: givenStore, ...sessionOptions } = options;
  const tokenCounter = sessionOptions.tokenCounter ?? createBpeTokenCounter();
  const embedder = embedding === undefined ? undefined : isEmbedder(embedding) ? embedding : fromBaseEmbedding(embedding);
  if (engine !== undefined) {
    if (typeof engine !== 'object' || engine === null || typeof engine.assemble !== 'function' || typeof engine.ingest !== 'function') {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid ${owner} options: engine must be a cairn ContextEngine (from createContextEngine).` });
    }
    const session = new LlamaIndexSession({ engine, ingest: (messages) => engine.ingest(messages), assemble: (assembleOptions) => engine.assemble(assembleOptions) }, tokenCounter, false);
    return {
      fixedEngine: true,
      get: async () => session,
      reset: async () => {
        throw new CairnError({ code: 'INVALID_OPTIONS', message: `${owner} was given an engine, which it cannot clear or rebuild; pass a sessionId (and a store) instead of an engine.` });
      },
    };
  }
  const store: SessionStore = givenStore ?? createInMemorySessionStore();
  const sessions = new Map<string, Promise<LlamaIndexSession>>();
  const open = (sessionId: string): Promise<LlamaIndexSession> =>
    openSession({ ...sessionOptions, tokenCounter, ...(embedder ? { embedder } : {}), store, sessionId }).then(
      (opened) =>
        new LlamaIndexSession(
          { engine: opened.engine, ingest: (messages) => opened.ingest(messages), assemble: (assembleOptions) => opened.assemble(assembleOptions), close: () => opened.close() },
          tokenCounter,
          embedder !== undefined,
        ),
    );
  const get = (sessionId: string): Promise<LlamaIndexSession> => {
    let session = sessions.get(sessionId);
    if (!session) {
      session = open(sessionId);
      // A failed opening (a bad key, a corrupt session) is not cached: the next call retries.
      session.catch(() => sessions.delete(sessionId));
      sessions.set(sessionId, session);
    }
    return session;
  };
  return {
    fixedEngine: false,
    get,
    reset: async (sessionId) => {
      const pending = sessions.get(sessionId);
      sessions.delete(sessionId);
      if (pending) {
        const session = await pending.catch(() => undefined);
        if (session) {
          await session.settled();
          await session.backend.close?.();
        }
      }
      await store.delete({ tenant: sessionOptions.tenant ?? DEFAULT_TENANT, sessionId });
    },
  };
}
