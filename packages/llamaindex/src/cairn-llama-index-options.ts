import type { BudgetOption, ContextEngine, Embedder, OpenSessionOptions, PlaybookReflector, Summarizer } from '@cairn/core';
import type { BaseEmbedding, LLM } from 'llamaindex';
import type { CairnLogger } from './cairn-logger.js';

/**
 * Where the adapter gets its engine, and the engine's options; shared by `createCairnMemory` and
 * `CairnChatStore`. Pass `engine` to use one you made, or let the adapter open sessions with
 * core's `openSession` in `store` (in memory by default), one per session id.
 */
export interface CairnLlamaIndexOptions extends Omit<OpenSessionOptions, 'sessionId' | 'budget' | 'embedder' | 'summarizer'> {
  /**
   * An engine you created (`createContextEngine`). The adapter then keeps no session of its own:
   * it serves a single history, and cannot clear or rebuild it.
   * @default none: sessions are opened in `store`
   */
  engine?: ContextEngine;
  /**
   * Token budget of a view: a number is tokens (a whole number ≥ 1); a share of the model's
   * context window is written `{ fraction }` (in (0, 1]) and needs a window (the LLM's
   * `metadata.contextWindow`, or `contextWindow`). A number below 1 is refused, with a hint to
   * write `{ fraction }`. Checked at construction.
   * @default memory: `{ fraction: DEFAULT_BUDGET_SHARE }` (0.7) of the LLM's window when one is known, else core's DEFAULT_BUDGET (32000); chat store: DEFAULT_BUDGET (32000)
   */
  budget?: BudgetOption;
  /** The model's context window in tokens (a whole number ≥ 1), for a `{ fraction }` budget; it wins over the LLM's. @default the LLM's `metadata.contextWindow` */
  contextWindow?: number;
  /** A LlamaIndex `BaseEmbedding` or a cairn `Embedder` for dense intent matching. @default none (lexical vectors) */
  embedder?: BaseEmbedding | Embedder;
  /**
   * A LlamaIndex `LLM` (or a cairn `Summarizer`) that writes the summaries shown for compressed
   * messages. It runs in the background after a view of a stored session, one run at a time per
   * session, never delaying a call; a failure is reported to `logger` (the view keeps cairn's
   * extractive compression). A caller's `engine` uses its own options instead.
   * @default none (compressed messages show cairn's extractive compression)
   */
  summarizer?: LLM | Summarizer;
  /**
   * A LlamaIndex `LLM` (or a cairn `PlaybookReflector`) that curates the session's playbook
   * (ACE's reflector): after a view of a stored session, once `reflectEvery` new messages were
   * logged since its last run, it reads them with the playbook and answers with delta operations
   * (add, count, merge, prune — never a rewrite). In the background, one run at a time per
   * session, never delaying a call; a failure (including a reply that holds no operations) is
   * reported to `logger`. Takes the place of `playbook.reflector`; a caller's `engine` uses its own options.
   * @default none (the deterministic curator alone)
   */
  reflector?: LLM | PlaybookReflector;
  /** New messages the reflector waits for between runs (one LLM call per batch). @default 20 (`DEFAULT_REFLECT_EVERY`) */
  reflectEvery?: number;
  /**
   * Where the adapter reports what it cannot throw to a caller: a failed `memory.add` nobody
   * awaited, a second copy of `@llamaindex/core`. LlamaIndex's `Logger` fits.
   * @default console
   */
  logger?: CairnLogger;
}

/** The share of the model's context window a memory's view gets by default (LlamaIndex `Memory` uses the same). */
export const DEFAULT_BUDGET_SHARE = 0.7;
