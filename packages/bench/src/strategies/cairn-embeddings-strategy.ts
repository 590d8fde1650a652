import { createContextEngine, type DenseOptions, type Embedder } from '@cairn/core';
import { viewMessageToCairnMessage } from './cairn-strategy.js';
import type { ContextStrategy } from './strategy.js';

/** Options of {@link createCairnEmbeddingsStrategy}. */
export interface CairnEmbeddingsStrategyOptions {
  /** The embedder (e.g. `createStaticEmbedder()` from `@cairn/embeddings-static`). */
  embedder: Embedder;
  /** The engine's `dense` option. @default the engine's default */
  dense?: DenseOptions;
  /** The row's name in reports. @default 'cairn+embeddings' */
  name?: string;
}

/**
 * The `cairn+embeddings` strategy: the `cairn` strategy's engine with an `embedder`. Before each
 * view it awaits `engine.prepare({ query })`, as a host does before `assemble`, so new units and
 * the question are embedded.
 *
 * @param options - The embedder and how its similarity joins the lexical signals.
 * @returns The strategy.
 *
 * @example
 * ```ts
 * const strategy = createCairnEmbeddingsStrategy({ embedder: createStaticEmbedder() });
 * await runBenchmark({ datasets, strategies: [STRATEGIES.cairn, strategy] });
 * ```
 */
export function createCairnEmbeddingsStrategy({ embedder, dense, name = 'cairn+embeddings' }: CairnEmbeddingsStrategyOptions): ContextStrategy {
  return {
    name,
    description: `The cairn engine with defaults and the embedder "${embedder.id}"${dense ? ` (dense ${JSON.stringify(dense)})` : ''}: prepare({ query }) before each view.`,
    createSession({ budget, counter }) {
      const engine = createContextEngine({ budget, tokenCounter: counter, onBudgetExceeded: 'compress-mandatory', embedder, ...(dense ? { dense } : {}) });
      return {
        ingest(messages) {
          engine.ingest(messages);
        },
        async view({ query, purpose = 'probe' }) {
          const question = query === undefined || purpose === 'turn' ? undefined : query;
          await engine.prepare(question === undefined ? {} : { query: question });
          const { messages } = engine.assemble(question === undefined ? {} : { query: question });
          return messages.map(viewMessageToCairnMessage);
        },
      };
    },
  };
}
