/** A dense embedding, as an injected `Embedder` returns it. */
export type DenseVector = readonly number[];

/**
 * Cosine similarity of two dense vectors of the same dimension: in [-1, 1], 0 when either is
 * all zeros or empty.
 *
 * @throws RangeError when the dimensions differ (vectors of two different models).
 */
export function denseCosine(a: DenseVector, b: DenseVector): number {
  if (a.length !== b.length) {
    throw new RangeError(`Cannot compare vectors of ${a.length} and ${b.length} dimensions: embed both with one model.`);
  }
  let dotProduct = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    const x = a[index]!;
    const y = b[index]!;
    dotProduct += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 0;
  return Math.max(-1, Math.min(1, dotProduct / Math.sqrt(normA * normB)));
}
