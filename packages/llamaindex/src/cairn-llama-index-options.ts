import type { ContextEngine, Embedder, OpenSessionOptions } from '@cairn/core';
import type { BaseEmbedding } from 'llamaindex';

/**
 * Where the adapter gets its engine, and the engine's options; shared by `createCairnMemory` and
 * `CairnChatStore`. Pass `engine` to use one you made, or let the adapter open sessions with
 * core's `openSession` in `store` (in memory by default), one per session id.
 */
export interface CairnLlamaIndexOptions extends Omit<OpenSessionOptions, 'sessionId' | 'budget' | 'embedder'> {
  /**
   * An engine you created (`createContextEngine`). The adapter then keeps no session of its own:
   * it serves a single history, and cannot clear or rebuild it.
   * @default none: sessions are opened in `store`
   */
  engine?: ContextEngine;
  /**
   * Token budget of a view: a number above 1 is tokens; a number in (0, 1] is a share of the
   * LLM's context window (`llm.metadata.contextWindow`, or `contextWindow`).
   * @default DEFAULT_BUDGET_SHARE (0.7, LlamaIndex's own share) of the window when one is known, else core's DEFAULT_BUDGET (32000)
   */
  budget?: number;
  /** The model's context window in tokens, for a `budget` share when the LLM reports none. @default none */
  contextWindow?: number;
  /** A LlamaIndex `BaseEmbedding` or a cairn `Embedder` for dense intent matching. @default none (lexical vectors) */
  embedder?: BaseEmbedding | Embedder;
}

/** The share of the model's context window a view gets by default (LlamaIndex `Memory` uses the same). */
export const DEFAULT_BUDGET_SHARE = 0.7;
