import type { ContextEngine, ContextEngineOptions, Embedder, SessionStore, Summarizer } from '@cairn/core';
import type { EmbeddingModel, LanguageModel } from 'ai';

/** Session id of calls that name none. */
export const DEFAULT_SESSION_ID = 'default';
/** Default dead-end guard mode. */
export const DEFAULT_GUARD: CairnGuardMode = 'warn';
/** Default number of immediate retries after an answer whose every tool call was blocked. */
export const DEFAULT_MAX_BLOCKED_RETRIES = 2;
/** Default reaction to a history that does not continue the session. */
export const DEFAULT_ON_HISTORY_MISMATCH: HistoryMismatchMode = 'branch';

/**
 * What the guard does with a tool call that repeats a dead end: `off` nothing; `warn` marks it
 * (`providerMetadata.cairn` on the call) and shows the model a note on its next step; `block`
 * also replaces calls that repeat a long-term dead end with a tool error the model reads.
 */
export type CairnGuardMode = 'off' | 'warn' | 'block';

/**
 * What happens when a prompt's history does not continue what the session holds (the caller
 * edited or removed a message, or went back to regenerate an answer): `branch` continues in a
 * branch session (`<sessionId>:b1`, …) that ingests the history as given, leaving the original
 * untouched; `append` ingests the messages the session does not hold yet (the view keeps the
 * old ones too); `throw` rejects the call with a `CairnError` (`INVALID_MESSAGE`).
 */
export type HistoryMismatchMode = 'branch' | 'append' | 'throw';

/** Options of {@link cairnMiddleware}. Every field is optional. */
export interface CairnMiddlewareOptions extends Omit<ContextEngineOptions, 'sessionId' | 'budget' | 'embedder' | 'summarizer'> {
  /**
   * An engine to use for every call. Without one, each session id gets its own stored session
   * (core's `openSession`).
   */
  engine?: ContextEngine;
  /**
   * The session of calls that name none; a call names one with
   * `providerOptions: { cairn: { sessionId } }`.
   * @default DEFAULT_SESSION_ID ('default')
   */
  sessionId?: string;
  /** Where sessions are stored (any `SessionStore`, e.g. `@cairn/store-sqlite`). @default one in-memory store per middleware */
  store?: SessionStore;
  /** The tenant of the sessions. @default core's DEFAULT_TENANT ('default') */
  tenant?: string;
  /** Save a session's state once this many messages arrived since the last save. @default core's DEFAULT_CHECKPOINT_EVERY (20) */
  checkpointEvery?: number;
  /**
   * Token budget of the prompt: a number of tokens, or `{ fraction }` of `contextWindow`. The
   * leading system messages are counted in it (they pass through unchanged).
   * @default core's DEFAULT_BUDGET (32000)
   */
  budget?: number | { fraction: number };
  /** The model's context window in tokens; required with a fractional budget (the AI SDK does not report it). */
  contextWindow?: number;
  /** The dead-end guard. @default DEFAULT_GUARD ('warn') */
  guard?: CairnGuardMode;
  /** Immediate retries after an answer whose every tool call was blocked. @default DEFAULT_MAX_BLOCKED_RETRIES (2) */
  maxBlockedRetries?: number;
  /** An AI SDK embedding model for dense intent match (mapped to core's `Embedder`). */
  embeddingModel?: EmbeddingModel;
  /** A core `Embedder`, instead of `embeddingModel`. */
  embedder?: Embedder;
  /**
   * A model (or a core `Summarizer`) that writes the summaries shown for compressed messages.
   * It runs in the background after a call, never delaying one; summaries are cached.
   */
  summarizer?: LanguageModel | Summarizer;
  /** @default DEFAULT_ON_HISTORY_MISMATCH ('branch'); with `engine`, `'branch'` acts as `'append'` */
  onHistoryMismatch?: HistoryMismatchMode;
  /** Called with errors of background work (summaries, checkpoints); they never fail a call. @default ignore */
  onBackgroundError?: (error: unknown) => void;
}
