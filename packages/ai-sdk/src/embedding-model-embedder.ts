import type { Embedder } from '@cairn/core';
import { embedMany, type EmbeddingModel } from 'ai';

/**
 * Maps an AI SDK embedding model to core's `Embedder` (through `embedMany`, which batches as
 * the model requires).
 *
 * @param model - The AI SDK embedding model (an object or a gateway model id).
 * @returns An embedder whose id names the provider and model.
 *
 * @example
 * ```ts
 * const embedder = embeddingModelEmbedder(openai.embedding('text-embedding-3-small'));
 * ```
 */
export function embeddingModelEmbedder(model: EmbeddingModel): Embedder {
  const id = typeof model === 'string' ? model : `${model.provider}:${model.modelId}`;
  return {
    id,
    async embed(texts) {
      if (texts.length === 0) return [];
      const { embeddings } = await embedMany({ model, values: [...texts] });
      return embeddings;
    },
  };
}
