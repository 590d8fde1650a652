import { CairnError, checkEngineOptions, createBpeTokenCounter, createContextEngine, createInMemorySessionStore, DEFAULT_TENANT, LruMap, openSession, type CairnSession, type ContextEngine, type Embedder, type PlaybookReflector, type Summarizer } from '@cairn/core';
import type { BaseLanguageModelInterface } from '@langchain/core/language_models/base';
import { chatModelReflector } from './chat-model-reflector.js';
import { chatModelSummarizer } from './chat-model-summarizer.js';
import type { EmbeddingsInterface } from '@langchain/core/embeddings';
import { BackgroundErrors } from './background-errors.js';
import type { CairnSessionOptions } from './cairn-session-options.js';
import { fromLangChainEmbeddings } from './from-lang-chain-embeddings.js';
import { LangChainSession } from './lang-chain-session.js';

/** Default of `maxOpenSessions`: stored sessions an adapter keeps open (engines in memory). */
export const DEFAULT_MAX_OPEN_SESSIONS = 100;

/** Default of `reflectEvery`: new messages the reflector model waits for between runs. */
export const DEFAULT_REFLECT_EVERY = 20;

function summarizerOf(value: BaseLanguageModelInterface | Summarizer | undefined): Summarizer | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'function') return value;
  if (typeof value !== 'object' || value === null || typeof (value as BaseLanguageModelInterface).invoke !== 'function') {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: 'Invalid summarizer: pass a LangChain chat model (with invoke) or a cairn Summarizer function.' });
  }
  return chatModelSummarizer(value);
}

function reflectorOf(value: BaseLanguageModelInterface | PlaybookReflector | undefined): PlaybookReflector | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'function') return value;
  if (typeof value !== 'object' || value === null || typeof (value as BaseLanguageModelInterface).invoke !== 'function') {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: 'Invalid reflector: pass a LangChain chat model (with invoke) or a cairn PlaybookReflector function.' });
  }
  return chatModelReflector(value);
}

function isEmbedder(value: EmbeddingsInterface | Embedder): value is Embedder {
  return typeof (value as Embedder).embed === 'function' && typeof (value as Embedder).id === 'string';
}

/** Gets sessions by id, opening each once (concurrent callers share the opening). @internal */
export interface SessionResolver {
  /**
   * The session stored under `sessionId`, opened once and kept open (least recently used ones
   * past `maxOpenSessions` are saved and let go: the store keeps them, the next `get` reopens).
   */
  get(sessionId: string): Promise<LangChainSession>;
  /**
   * Throws, once, the failure of a background write of this session that no
   * `onBackgroundError` took. Called by reads (a view), never by writes: a write that threw
   * would lose the messages it carries.
   */
  raisePending(sessionId: string): void;
  /** A new session of its own, in memory only (nothing stored, nothing shared). */
  ephemeral(): LangChainSession;
  /**
   * Forgets a session: deletes it from the store, so the next `get` starts empty.
   * @throws CairnError `INVALID_OPTIONS` for a caller-owned `engine` (cairn cannot empty it).
   */
  reset(sessionId: string): Promise<void>;
}

/**
 * The one place adapters get sessions from: `{ engine }` wraps that engine; otherwise sessions
 * are opened with core's `openSession` in `store` (one in-memory store by default), one per id,
 * at most `maxOpenSessions` open at once.
 *
 * @throws CairnError `INVALID_OPTIONS` for a bad `engine` or engine option.
 * @internal
 */
export function createSessionResolver(owner: string, options: CairnSessionOptions, maxOpenSessions = DEFAULT_MAX_OPEN_SESSIONS): SessionResolver {
  const { engine, sessionId: _sessionId, store = createInMemorySessionStore(), tenant = DEFAULT_TENANT, checkpointEvery, budget: _budget, contextWindow: _contextWindow, embeddings, onBackgroundError, summarizer: summarizerOption, reflector: reflectorOption, reflectEvery = DEFAULT_REFLECT_EVERY, ...givenEngineOptions } = options;
  const reflector = reflectorOf(reflectorOption);
  if (!Number.isInteger(reflectEvery) || reflectEvery < 1) throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid ${owner} options: reflectEvery must be a whole number ≥ 1 (got ${String(reflectEvery)}).` });
  const engineOptions = reflector ? { ...givenEngineOptions, playbook: { ...givenEngineOptions.playbook, reflector } } : givenEngineOptions;
  const tokenCounter = engineOptions.tokenCounter ?? createBpeTokenCounter();
  if (engine !== undefined) {
    if (typeof engine !== 'object' || engine === null || typeof engine.assemble !== 'function' || typeof engine.ingest !== 'function') {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid ${owner} options: engine must be a cairn ContextEngine (from createContextEngine).` });
    }
    const session = new LangChainSession({ engine, ingest: (messages) => engine.ingest(messages), assemble: (assembleOptions) => engine.assemble(assembleOptions) }, tokenCounter);
    return {
      get: async () => session,
      raisePending: () => undefined,
      ephemeral: () => session,
      reset: async () => {
        throw new CairnError({ code: 'INVALID_OPTIONS', message: `${owner} cannot clear an engine you passed in (its log is append-only). Pass a sessionId (and store) instead of engine to make clear() start a new session.` });
      },
    };
  }
  const embedder = embeddings === undefined ? undefined : isEmbedder(embeddings) ? embeddings : fromLangChainEmbeddings(embeddings);
  const summarizer = summarizerOf(summarizerOption);
  // Engine options are checked now, not at the first call.
  checkEngineOptions({ ...engineOptions, tokenCounter, ...(embedder ? { embedder } : {}) });
  const backgroundErrors = new BackgroundErrors(onBackgroundError, maxOpenSessions);
  /** Open sessions, least recently used first: past `maxOpenSessions` the oldest is saved and let go (a holder may still finish its call). */
  const sessions = new LruMap<string, Promise<{ stored: CairnSession; session: LangChainSession }>>(maxOpenSessions, {
    onEvict: (sessionId, entry) =>
      void entry.then(
        ({ stored }) => stored.checkpoint().catch((error: unknown) => backgroundErrors.report(sessionId, error)),
        () => undefined, // a failed opening was already thrown to its caller
      ),
  });
  /** Sessions whose summariser or reflector is running (one run at a time per session). */
  const working = new Set<string>();
  const workInBackground = (sessionId: string, engine: ContextEngine): void => {
    if (working.has(sessionId)) return;
    working.add(sessionId);
    const report = (error: unknown): void => backgroundErrors.report(sessionId, error);
    (summarizer ? engine.summarize().then(() => engine.summarizePages()).catch(report) : Promise.resolve())
      .then(() => (reflector ? engine.reflect({ minMessages: reflectEvery }).catch(report) : undefined))
      .finally(() => working.delete(sessionId));
  };
  const open = async (sessionId: string) => {
    const stored = await openSession({
      ...engineOptions,
      tokenCounter,
      ...(embedder ? { embedder } : {}),
      ...(summarizer ? { summarizer } : {}),
      store,
      tenant,
      sessionId,
      ...(checkpointEvery !== undefined ? { checkpointEvery } : {}),
      onCheckpointError: (error) => backgroundErrors.report(sessionId, error),
    });
    const backend = {
      engine: stored.engine as ContextEngine,
      ingest: (messages: Parameters<CairnSession['ingest']>[0]) => stored.ingest(messages),
      assemble: (assembleOptions: Parameters<CairnSession['assemble']>[0]) => stored.assemble(assembleOptions),
      checkpoint: () => stored.checkpoint(),
      ...(summarizer || reflector ? { afterView: () => workInBackground(sessionId, stored.engine) } : {}),
    };
    return { stored, session: new LangChainSession(backend, tokenCounter) };
  };
  return {
    get: async (sessionId) => {
      let entry = sessions.get(sessionId);
      if (!entry) {
        const opening = open(sessionId);
        // A failed opening (a bad key, a corrupt session) is not kept: the next call retries.
        opening.catch(() => sessions.delete(sessionId, opening));
        entry = opening;
      }
      sessions.set(sessionId, entry); // the most recently used; the oldest past the bound is saved and let go
      return (await entry).session;
    },
    raisePending: (sessionId) => backgroundErrors.raise(sessionId),
    ephemeral: () => {
      const own = createContextEngine({ ...engineOptions, tokenCounter, ...(embedder ? { embedder } : {}) });
      return new LangChainSession({ engine: own, ingest: (messages) => own.ingest(messages), assemble: (assembleOptions) => own.assemble(assembleOptions) }, tokenCounter);
    },
    reset: async (sessionId) => {
      const entry = sessions.peek(sessionId);
      sessions.delete(sessionId);
      backgroundErrors.forget(sessionId);
      // The session is deleted next, so a failure to save its state on the way out is moot.
      if (entry) await (await entry).stored.close().catch(() => undefined);
      await store.delete({ tenant, sessionId });
    },
  };
}
