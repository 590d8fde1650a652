import type { WordVectorTable } from './read-wink-vectors.js';
import { zipfProbability } from './word-weights.js';

/** Words whose vectors define the common component: the most frequent ones. */
const COMPONENT_WORDS = 50_000;
const ITERATIONS = 50;

/**
 * The first principal component (uncentred) of the model's frequent word vectors, each weighted
 * by its estimated frequency: the direction that weighted averages of words share whatever the
 * sentence says. SIF (Arora et al., 2017) removes it from every sentence vector. Computed by
 * power iteration from a fixed start, so it is deterministic.
 *
 * @param table - The model's vectors.
 * @returns A unit-length vector (all zeros for an empty model).
 */
export function commonComponent(table: WordVectorTable): Float32Array {
  const { dimensions, vectors } = table;
  const words = Math.min(COMPONENT_WORDS, table.words.length);
  // Second-moment matrix M = Σ p(w) v vᵀ (dimensions × dimensions), then power iteration on it.
  const moment = new Float64Array(dimensions * dimensions);
  for (let rank = 0; rank < words; rank++) {
    const weight = zipfProbability(rank, table.sourceVocabulary);
    const offset = rank * dimensions;
    for (let row = 0; row < dimensions; row++) {
      const scaled = weight * vectors[offset + row]!;
      if (scaled === 0) continue;
      for (let column = 0; column < dimensions; column++) moment[row * dimensions + column]! += scaled * vectors[offset + column]!;
    }
  }
  let component = new Float64Array(dimensions).fill(1 / Math.sqrt(dimensions));
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const next = new Float64Array(dimensions);
    for (let row = 0; row < dimensions; row++) {
      let sum = 0;
      for (let column = 0; column < dimensions; column++) sum += moment[row * dimensions + column]! * component[column]!;
      next[row] = sum;
    }
    let norm = 0;
    for (const value of next) norm += value * value;
    norm = Math.sqrt(norm);
    if (norm === 0) return new Float32Array(dimensions);
    for (let index = 0; index < dimensions; index++) next[index]! /= norm;
    component = next;
  }
  return Float32Array.from(component);
}
