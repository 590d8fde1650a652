import { CairnError, createBpeTokenCounter, createInMemorySessionStore, DEFAULT_TENANT, openSession, type CairnSession, type ContextEngine, type Embedder } from '@cairn/core';
import type { EmbeddingsInterface } from '@langchain/core/embeddings';
import type { CairnSessionOptions } from './cairn-session-options.js';
import { fromLangChainEmbeddings } from './from-lang-chain-embeddings.js';
import { LangChainSession } from './lang-chain-session.js';

function isEmbedder(value: EmbeddingsInterface | Embedder): value is Embedder {
  return typeof (value as Embedder).embed === 'function' && typeof (value as Embedder).id === 'string';
}

/** Gets sessions by id, opening each once (concurrent callers share the opening). @internal */
export interface SessionResolver {
  get(sessionId: string): Promise<LangChainSession>;
  /**
   * Forgets a session: closes it and deletes it from the store, so the next `get` starts empty.
   * @throws CairnError `INVALID_OPTIONS` for a caller-owned `engine` (cairn cannot empty it).
   */
  reset(sessionId: string): Promise<void>;
}

/**
 * The one place adapters get sessions from: `{ engine }` wraps that engine; otherwise sessions
 * are opened with core's `openSession` in `store` (one in-memory store by default), one per id.
 *
 * @internal
 */
export function createSessionResolver(owner: string, options: CairnSessionOptions): SessionResolver {
  const { engine, sessionId: _sessionId, store = createInMemorySessionStore(), tenant = DEFAULT_TENANT, checkpointEvery, budget: _budget, contextWindow: _contextWindow, embeddings, ...engineOptions } = options;
  const tokenCounter = engineOptions.tokenCounter ?? createBpeTokenCounter();
  if (engine !== undefined) {
    if (typeof engine !== 'object' || engine === null || typeof engine.assemble !== 'function' || typeof engine.ingest !== 'function') {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid ${owner} options: engine must be a cairn ContextEngine (from createContextEngine).` });
    }
    const session = new LangChainSession({ engine, ingest: (messages) => engine.ingest(messages), assemble: (assembleOptions) => engine.assemble(assembleOptions) }, tokenCounter);
    return {
      get: async () => session,
      reset: async () => {
        throw new CairnError({ code: 'INVALID_OPTIONS', message: `${owner} cannot clear an engine you passed in (its log is append-only). Pass a sessionId (and store) instead of engine to make clear() start a new session.` });
      },
    };
  }
  const embedder = embeddings === undefined ? undefined : isEmbedder(embeddings) ? embeddings : fromLangChainEmbeddings(embeddings);
  const sessions = new Map<string, Promise<{ stored: CairnSession; session: LangChainSession }>>();
  const open = async (sessionId: string) => {
    const stored = await openSession({
      ...engineOptions,
      tokenCounter,
      ...(embedder ? { embedder } : {}),
      store,
      tenant,
      sessionId,
      ...(checkpointEvery !== undefined ? { checkpointEvery } : {}),
    });
    const backend = {
      engine: stored.engine as ContextEngine,
      ingest: (messages: Parameters<CairnSession['ingest']>[0]) => stored.ingest(messages),
      assemble: (assembleOptions: Parameters<CairnSession['assemble']>[0]) => stored.assemble(assembleOptions),
      checkpoint: () => stored.checkpoint(),
    };
    return { stored, session: new LangChainSession(backend, tokenCounter) };
  };
  return {
    get: async (sessionId) => {
      let entry = sessions.get(sessionId);
      if (!entry) {
        entry = open(sessionId);
        // A failed opening (a bad key, a corrupt session) is not cached: the next call retries.
        entry.catch(() => sessions.delete(sessionId));
        sessions.set(sessionId, entry);
      }
      return (await entry).session;
    },
    reset: async (sessionId) => {
      const entry = sessions.get(sessionId);
      sessions.delete(sessionId);
      if (entry) await (await entry).stored.close().catch(() => undefined);
      await store.delete({ tenant, sessionId });
    },
  };
}
