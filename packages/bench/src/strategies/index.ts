import { createBm25Strategy } from './bm25-strategy.js';
import { createCairnStrategy } from './cairn-strategy.js';
import { createClearToolUsesStrategy } from './clear-tool-uses-strategy.js';
import { createFullStrategy } from './full-strategy.js';
import { createPruneStrategy } from './prune-strategy.js';
import { createRecencyStrategy } from './recency-strategy.js';
import type { ContextStrategy, StrategyName } from './strategy.js';

export { bm25Terms, createBm25Index, BM25_B, BM25_K1, type Bm25Index } from './bm25-index.js';
export { createBm25Strategy } from './bm25-strategy.js';
export { type CairnStrategyOptions, createCairnStrategy, viewMessageToCairnMessage } from './cairn-strategy.js';
export { type CairnEmbeddingsStrategyOptions, createCairnEmbeddingsStrategy } from './cairn-embeddings-strategy.js';
export { createClearToolUsesStrategy, type ClearToolUsesStrategyOptions } from './clear-tool-uses-strategy.js';
export { CAIRN_PROVIDER_OPTIONS_KEY, fromModelMessages, toModelMessage, toModelMessages } from './convert-ai-sdk.js';
export { fromLangChainMessage, fromLangChainMessages, toLangChainMessage, toLangChainMessages } from './convert-langchain.js';
export { createFullStrategy } from './full-strategy.js';
export { createLangChainTokenCounter, type LangChainTokenCounter } from './langchain-token-counter.js';
export { createPruneStrategy, type PruneStrategyOptions, type PruneToolCalls } from './prune-strategy.js';
export { createRecencyStrategy, trimToRecentMessages } from './recency-strategy.js';
export {
  STRATEGY_NAMES,
  type ContextStrategy,
  type StrategyName,
  type StrategySession,
  type StrategySessionOptions,
  type ViewRequest,
} from './strategy.js';

/**
 * Every strategy of the comparison with its default options, by name: `full`, `recency`,
 * `clear-tool-uses`, `prune`, `bm25` and `cairn`.
 *
 * @example
 * ```ts
 * for (const name of STRATEGY_NAMES) {
 *   const session = STRATEGIES[name].createSession({ budget, counter });
 * }
 * ```
 */
export const STRATEGIES: Readonly<Record<StrategyName, ContextStrategy>> = {
  full: createFullStrategy(),
  recency: createRecencyStrategy(),
  'clear-tool-uses': createClearToolUsesStrategy(),
  prune: createPruneStrategy(),
  bm25: createBm25Strategy(),
  cairn: createCairnStrategy(),
};
