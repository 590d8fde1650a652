import type { BudgetOption, ContextEngine, ContextEngineOptions, Embedder, PlaybookReflector, SessionStore, Summarizer } from '@cairn/core';
import type { BaseLanguageModelInterface } from '@langchain/core/language_models/base';
import type { EmbeddingsInterface } from '@langchain/core/embeddings';

/**
 * Where a cairn adapter gets its session, and the engine options for sessions it opens. Give
 * either `engine` (one engine you manage) or a session id (`sessionId`, with `store` and
 * `tenant`): sessions are then opened with `openSession` and persist in the store.
 */
export interface CairnSessionOptions extends Omit<ContextEngineOptions, 'sessionId' | 'budget' | 'embedder' | 'summarizer'> {
  /** Use this engine for every call (its own options apply; engine options here are ignored). */
  engine?: ContextEngine;
  /**
   * The session id: the session persists in `store` under it and continues wherever the same
   * id and store are used. Without one nothing is shared: the middleware uses the run's
   * `thread_id`, else scopes the session to the one invocation; a memory or history keeps its
   * session to itself (like LangChain's own per-conversation objects).
   * @default none (see above)
   */
  sessionId?: string;
  /**
   * Where sessions are stored (any `SessionStore`, e.g. SQLite or Redis). A memory or history
   * needs a `sessionId` with it (the id it is stored under).
   * @default one in-memory store per adapter instance
   */
  store?: SessionStore;
  /** The tenant sessions belong to. @default core's `DEFAULT_TENANT` ('default') */
  tenant?: string;
  /** Save the session state after this many new messages. @default core's `DEFAULT_CHECKPOINT_EVERY` */
  checkpointEvery?: number;
  /**
   * Token budget of the prompt: a number is tokens (a whole number ≥ 1); a share of the model's
   * window is only ever `{ fraction }` (in (0, 1], with `contextWindow`). `budget: 0.5` is
   * refused with a hint: write `{ fraction: 0.5 }`. @default core's `DEFAULT_BUDGET` (32000)
   */
  budget?: BudgetOption;
  /** The model's context window in tokens; required when `budget` is `{ fraction }`. */
  contextWindow?: number;
  /** A LangChain `Embeddings` object (or a cairn `Embedder`) for dense intent match. @default none (lexical vectors) */
  embeddings?: EmbeddingsInterface | Embedder;
  /**
   * A LangChain chat model (or a cairn `Summarizer`) that writes the summaries shown for
   * compressed messages. It runs in the background after a view of a stored session (one with a
   * session id or thread), one run at a time per session, never delaying a call; its failures go
   * to `onBackgroundError` (without one, the next call of that session throws it, as for a failed
   * checkpoint). Sessions scoped to one invocation and a caller's `engine` do not use it.
   * @default none (compressed messages show cairn's extractive compression)
   */
  summarizer?: BaseLanguageModelInterface | Summarizer;
  /**
   * A LangChain chat model (or a cairn `PlaybookReflector`) that curates the session's playbook
   * (ACE's reflector): after a view of a stored session, once `reflectEvery` new messages were
   * logged since its last run, it reads them with the playbook and answers with delta operations
   * (add, count, merge, prune — never a rewrite). In the background, one run at a time per
   * session, never delaying a call; failures (including a reply that holds no operations) go to
   * `onBackgroundError` like the summariser's. Takes the place of `playbook.reflector`.
   * @default none (the deterministic curator alone)
   */
  reflector?: BaseLanguageModelInterface | PlaybookReflector;
  /** New messages the reflector waits for between runs (one model call per batch). @default 20 (`DEFAULT_REFLECT_EVERY`) */
  reflectEvery?: number;
  /**
   * Called when a write nobody awaits fails: a background checkpoint of the session state, or
   * the save of a session the middleware let go of (`maxOpenSessions`). No message is lost (the
   * log is written before a call returns; the state is saved again at the next checkpoint).
   * @default none: the failure is thrown by the next call of that session
   */
  onBackgroundError?: BackgroundErrorHandler;
}

/** Receives the failure of a background write and the session it belongs to. */
export type BackgroundErrorHandler = (error: unknown, context: { readonly sessionId: string }) => void;

