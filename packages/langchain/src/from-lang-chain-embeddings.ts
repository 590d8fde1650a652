import type { Embedder } from '@cairn/core';
import type { EmbeddingsInterface } from '@langchain/core/embeddings';

/** Options of {@link fromLangChainEmbeddings}. */
export interface FromLangChainEmbeddingsOptions {
  /**
   * Names the embedding model; cairn reuses cached vectors only under the same id, so change it
   * when the model changes.
   * @default `langchain:<class name>` plus the model name when the object has a `model` or `modelName` field
   */
  id?: string;
}

function defaultId(embeddings: EmbeddingsInterface): string {
  const record = embeddings as unknown as Record<string, unknown>;
  const model = typeof record.model === 'string' ? record.model : typeof record.modelName === 'string' ? record.modelName : undefined;
  const kind = (embeddings as object).constructor?.name ?? 'Embeddings';
  return `langchain:${kind}${model ? `:${model}` : ''}`;
}

/**
 * Wraps a LangChain `Embeddings` object (OpenAIEmbeddings, any `EmbeddingsInterface`) as cairn's
 * `Embedder`, so intent match compares meaning instead of shared terms. Every cairn option that
 * takes `embeddings` calls this for you.
 *
 * @param embeddings - The LangChain embeddings; `embedDocuments` is called with batches of texts.
 * @param options - The embedder id.
 * @returns A cairn `Embedder`.
 *
 * @example
 * ```ts
 * const engine = createContextEngine({ embedder: fromLangChainEmbeddings(new OpenAIEmbeddings()) });
 * ```
 */
export function fromLangChainEmbeddings(embeddings: EmbeddingsInterface, { id = defaultId(embeddings) }: FromLangChainEmbeddingsOptions = {}): Embedder {
  return {
    id,
    embed: async (texts) => (texts.length === 0 ? [] : embeddings.embedDocuments([...texts])),
  };
}
