import { extractTerms, type LexicalVectoriser, type SparseVector } from '../text/index.js';

/**
 * How well a lesson's text aligns with a direction: the cosine between the direction and the
 * text's log-tf vector over the direction's vocabulary, clamped to [0, 1]. Read-only: terms the
 * vocabulary has never seen are not interned (they count in the text's norm, and match nothing).
 *
 * @param direction - The session's direction (a vector over `vocabulary`).
 * @param text - A lesson's text.
 * @param vocabulary - The vocabulary of the direction's vectoriser.
 * @returns A cosine in [0, 1]; 0 for an empty direction or text.
 * @internal
 */
export function lessonAlignment(direction: SparseVector, text: string, vocabulary: LexicalVectoriser['vocabulary']): number {
  if (direction.ids.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const term of extractTerms(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  if (counts.size === 0) return 0;
  const weights = new Map<number, number>();
  let textNorm = 0;
  for (const [term, count] of counts) {
    const weight = 1 + Math.log(count);
    textNorm += weight * weight;
    const id = vocabulary.lookup(term);
    if (id !== undefined) weights.set(id, weight);
  }
  let dot = 0;
  let directionNorm = 0;
  for (let index = 0; index < direction.ids.length; index++) {
    const weight = direction.weights[index]!;
    directionNorm += weight * weight;
    dot += weight * (weights.get(direction.ids[index]!) ?? 0);
  }
  if (dot <= 0 || directionNorm === 0) return 0;
  return Math.min(1, dot / Math.sqrt(directionNorm * textNorm));
}
