import type { SparseVector } from './sparse-vector.js';
import type { Vocabulary } from './vocabulary.js';

/** The `limit` strongest terms of a vector, strongest first (ties: lower id first). */
export function topTerms(vector: SparseVector, vocabulary: Vocabulary, limit: number): string[] {
  const order = Array.from(vector.ids.keys()).sort((a, b) => vector.weights[b]! - vector.weights[a]! || vector.ids[a]! - vector.ids[b]!);
  const terms: string[] = [];
  for (const index of order.slice(0, limit)) {
    const term = vocabulary.termOf(vector.ids[index]!);
    if (term !== undefined) terms.push(term);
  }
  return terms;
}
