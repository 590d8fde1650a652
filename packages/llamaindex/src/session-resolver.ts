import { CairnError, createBpeTokenCounter, createInMemorySessionStore, DEFAULT_TENANT, LruMap, openSession, type ContextEngine, type Embedder, type PlaybookReflector, type SessionStore, type Summarizer } from '@cairn/core';
import type { BaseEmbedding, LLM } from 'llamaindex';
import { llmReflector } from './llm-reflector.js';
import { llmSummarizer } from './llm-summarizer.js';
import type { CairnLlamaIndexOptions } from './cairn-llama-index-options.js';
import { fromBaseEmbedding } from './from-base-embedding.js';
import { LlamaIndexSession } from './llama-index-session.js';

/** How many sessions a chat store keeps open (in memory) by default; the store keeps every log. */
export const DEFAULT_MAX_OPEN_SESSIONS = 100;

/** Default of `reflectEvery`: new messages the reflector LLM waits for between runs. */
export const DEFAULT_REFLECT_EVERY = 20;

function summarizerOf(value: LLM | Summarizer | undefined): Summarizer | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'function') return value;
  if (typeof value !== 'object' || value === null || typeof (value as LLM).chat !== 'function') {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: 'Invalid summarizer: pass a LlamaIndex LLM (with chat) or a cairn Summarizer function.' });
  }
  return llmSummarizer(value);
}

function reflectorOf(value: LLM | PlaybookReflector | undefined): PlaybookReflector | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'function') return value;
  if (typeof value !== 'object' || value === null || typeof (value as LLM).chat !== 'function') {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: 'Invalid reflector: pass a LlamaIndex LLM (with chat) or a cairn PlaybookReflector function.' });
  }
  return llmReflector(value);
}

function isEmbedder(value: BaseEmbedding | Embedder): value is Embedder {
  return typeof (value as Embedder).embed === 'function' && typeof (value as Embedder).id === 'string';
}

/** Opens, caches and forgets sessions by id: the one place the adapter gets engines from. @internal */
export interface SessionResolver {
  /**
   * Runs `job` with the session for an id, opened once (concurrent callers share the opening).
   * The session stays open while a job uses it; idle sessions beyond the cap are closed (saved)
   * and reopened from the store on their next use.
   */
  use<T>(sessionId: string, job: (session: LlamaIndexSession) => Promise<T>): Promise<T>;
  /** Closes the session, deletes it from the store and forgets it, so the next use starts empty. */
  reset(sessionId: string): Promise<void>;
  /** Closes (saves) the session and forgets it; the next use reopens it from the store. */
  release(sessionId: string): Promise<void>;
  /** Sessions open now. */
  readonly openCount: number;
  /** True when the adapter was given an engine (which it cannot reset). */
  readonly fixedEngine: boolean;
}

interface Entry {
  readonly opening: Promise<LlamaIndexSession>;
  users: number;
}

/** Settles the session's queue, then saves and releases it. */
async function closeSession(opening: Promise<LlamaIndexSession>): Promise<void> {
  const session = await opening.catch(() => undefined);
  if (!session) return;
  await session.settled();
  await session.backend.close?.();
}

/**
 * Builds the resolver for an adapter's options: `{ engine }` serves that engine for every id;
 * otherwise sessions are opened with core's `openSession` in `store` (one in-memory store per
 * adapter by default), at most `maxOpen` of them idle at a time (least recently used closed first).
 *
 * @param onBackgroundError - Told when a save nobody awaits fails: an evicted session's, or a
 *   background checkpoint's unless `onCheckpointError` is set (the log is already in the store).
 * @throws CairnError `INVALID_OPTIONS` for an `engine` that is not a cairn engine.
 * @internal
 */
export function createSessionResolver(
  owner: string,
  options: CairnLlamaIndexOptions,
  {
    maxOpen = DEFAULT_MAX_OPEN_SESSIONS,
    onBackgroundError,
    onSummaryError = onBackgroundError,
    onReflectorError = onBackgroundError,
  }: { maxOpen?: number; onBackgroundError: (error: unknown) => void; onSummaryError?: (error: unknown) => void; onReflectorError?: (error: unknown) => void },
): SessionResolver {
  const { engine, budget: _budget, contextWindow: _contextWindow, embedder: embedding, store: givenStore, logger: _logger, summarizer: summarizerOption, reflector: reflectorOption, reflectEvery = DEFAULT_REFLECT_EVERY, ...givenSessionOptions } = options;
  const reflector = reflectorOf(reflectorOption);
  if (!Number.isInteger(reflectEvery) || reflectEvery < 1) throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid ${owner} options: reflectEvery must be a whole number ≥ 1 (got ${String(reflectEvery)}).` });
  const sessionOptions = reflector ? { ...givenSessionOptions, playbook: { ...givenSessionOptions.playbook, reflector } } : givenSessionOptions;
  const tokenCounter = sessionOptions.tokenCounter ?? createBpeTokenCounter();
  const embedder = embedding === undefined ? undefined : isEmbedder(embedding) ? embedding : fromBaseEmbedding(embedding);
  const summarizer = summarizerOf(summarizerOption);
  /** Sessions whose summariser or reflector is running (one run at a time per session). */
  const working = new Set<string>();
  const workInBackground = (sessionId: string, engine: ContextEngine): void => {
    if (working.has(sessionId)) return;
    working.add(sessionId);
    (summarizer ? engine.summarize().then(() => engine.summarizePages()).catch(onSummaryError) : Promise.resolve())
      .then(() => (reflector ? engine.reflect({ minMessages: reflectEvery }).catch(onReflectorError) : undefined))
      .finally(() => working.delete(sessionId));
  };
  if (engine !== undefined) {
    if (typeof engine !== 'object' || engine === null || typeof engine.assemble !== 'function' || typeof engine.ingest !== 'function') {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid ${owner} options: engine must be a cairn ContextEngine (from createContextEngine).` });
    }
    const session = new LlamaIndexSession({ engine, ingest: (messages) => engine.ingest(messages), assemble: (assembleOptions) => engine.assemble(assembleOptions) }, tokenCounter, false);
    const refuse = async (): Promise<never> => {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `${owner} was given an engine, which it cannot clear or rebuild; pass a sessionId (and a store) instead of an engine.` });
    };
    return { fixedEngine: true, openCount: 1, use: (_sessionId, job) => job(session), reset: refuse, release: async () => session.settled() };
  }
  const store: SessionStore = givenStore ?? createInMemorySessionStore();
  /** Sessions being closed: a reopening waits for the save. */
  const closing = new Map<string, Promise<void>>();
  const close = (sessionId: string, entry: Entry): Promise<void> => {
    const closed = closeSession(entry.opening).finally(() => {
      if (closing.get(sessionId) === closed) closing.delete(sessionId);
    });
    closing.set(sessionId, closed);
    return closed;
  };
  /** Open sessions, least recently used first: past `maxOpen`, idle ones are closed (saved), oldest first. */
  const entries = new LruMap<string, Entry>(maxOpen, {
    canEvict: (_sessionId, entry) => entry.users === 0,
    onEvict: (sessionId, entry) => void close(sessionId, entry).catch(onBackgroundError),
  });

  const open = async (sessionId: string): Promise<LlamaIndexSession> => {
    await closing.get(sessionId);
    const onCheckpointError = sessionOptions.onCheckpointError ?? onBackgroundError;
    const opened = await openSession({ ...sessionOptions, onCheckpointError, tokenCounter, ...(embedder ? { embedder } : {}), ...(summarizer ? { summarizer } : {}), store, sessionId });
    return new LlamaIndexSession(
      {
        engine: opened.engine,
        ingest: (messages) => opened.ingest(messages),
        assemble: (assembleOptions) => opened.assemble(assembleOptions),
        close: () => opened.close(),
        ...(summarizer || reflector ? { afterAssemble: () => workInBackground(sessionId, opened.engine) } : {}),
      },
      tokenCounter,
      embedder !== undefined,
    );
  };

  const forget = (sessionId: string): Promise<void> => {
    const entry = entries.peek(sessionId);
    if (!entry) return closing.get(sessionId) ?? Promise.resolve();
    entries.delete(sessionId);
    return close(sessionId, entry);
  };

  /** The entry of a session, made the most recent and counted as in use (never evicted under its job). */
  const acquire = (sessionId: string): Entry => {
    const entry = entries.get(sessionId);
    if (entry) {
      entry.users++;
      return entry;
    }
    const created: Entry = { opening: open(sessionId), users: 1 };
    // A failed opening (a corrupt session, a store error) is not cached: the next use retries.
    created.opening.catch(() => entries.delete(sessionId, created));
    entries.set(sessionId, created); // past `maxOpen`, the oldest idle sessions are closed now
    return created;
  };

  return {
    fixedEngine: false,
    get openCount() {
      return entries.size;
    },
    use: async (sessionId, job) => {
      const entry = acquire(sessionId);
      try {
        return await job(await entry.opening);
      } finally {
        entry.users--;
        entries.trim();
      }
    },
    release: forget,
    reset: async (sessionId) => {
      await forget(sessionId).catch(() => undefined);
      await store.delete({ tenant: sessionOptions.tenant ?? DEFAULT_TENANT, sessionId });
    },
  };
}
