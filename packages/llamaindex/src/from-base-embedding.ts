import type { Embedder } from '@cairn/core';
import type { BaseEmbedding } from 'llamaindex';

/** Options of {@link fromBaseEmbedding}. */
export interface FromBaseEmbeddingOptions {
  /**
   * Names the embedding model; cairn reuses cached vectors only for the same id.
   * @default `llamaindex:<class name>` plus `:<model>` when the embedding has a `model` field
   */
  id?: string;
}

/**
 * Wraps a LlamaIndex `BaseEmbedding` (OpenAIEmbedding, HuggingFaceEmbedding, …) as cairn's
 * `Embedder`, batching through `getTextEmbeddingsBatch`.
 *
 * @param embedding - The LlamaIndex embedding model.
 * @param options - See {@link FromBaseEmbeddingOptions}.
 * @returns An embedder for the engine's `embedder` option.
 *
 * @example
 * ```ts
 * const memory = createCairnMemory({ sessionId: 'chat-1', embedder: fromBaseEmbedding(new OpenAIEmbedding()) });
 * ```
 */
export function fromBaseEmbedding(embedding: BaseEmbedding, { id }: FromBaseEmbeddingOptions = {}): Embedder {
  const model = (embedding as unknown as { model?: unknown }).model;
  const name = id ?? `llamaindex:${embedding.constructor.name}${typeof model === 'string' ? `:${model}` : ''}`;
  return {
    id: name,
    embed: async (texts) => (texts.length === 0 ? [] : embedding.getTextEmbeddingsBatch([...texts])),
  };
}
