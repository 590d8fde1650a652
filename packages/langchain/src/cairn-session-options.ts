import type { ContextEngine, ContextEngineOptions, Embedder, SessionStore } from '@cairn/core';
import type { EmbeddingsInterface } from '@langchain/core/embeddings';

/**
 * Where a cairn adapter gets its session, and the engine options for sessions it opens. Give
 * either `engine` (one engine you manage) or a session id (`sessionId`, with `store` and
 * `tenant`): sessions are then opened with `openSession` and persist in the store.
 */
export interface CairnSessionOptions extends Omit<ContextEngineOptions, 'sessionId' | 'budget' | 'embedder'> {
  /** Use this engine for every call (its own options apply; engine options here are ignored). */
  engine?: ContextEngine;
  /**
   * The session id. For the agent middleware it may also be a function of the run's
   * `thread_id`. @default the run's `thread_id` (middleware), else `DEFAULT_SESSION_ID` ('default')
   */
  sessionId?: string;
  /** Where sessions are stored (any `SessionStore`, e.g. SQLite or Redis). @default one in-memory store per adapter instance */
  store?: SessionStore;
  /** The tenant sessions belong to. @default core's `DEFAULT_TENANT` ('default') */
  tenant?: string;
  /** Save the session state after this many new messages. @default core's `DEFAULT_CHECKPOINT_EVERY` */
  checkpointEvery?: number;
  /**
   * Token budget of the prompt: tokens (a number above 1), or a share of `contextWindow` in
   * (0, 1]. @default core's `DEFAULT_BUDGET` (32000)
   */
  budget?: number;
  /** The model's context window in tokens; required when `budget` is a share. */
  contextWindow?: number;
  /** A LangChain `Embeddings` object (or a cairn `Embedder`) for dense intent match. @default none (lexical vectors) */
  embeddings?: EmbeddingsInterface | Embedder;
}

/** The session id used when none is given and none can be inferred. */
export const DEFAULT_SESSION_ID = 'default';
