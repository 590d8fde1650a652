import { normalize, type SparseVector, type TermBag } from '../text/index.js';

/**
 * "What / which [words] NOUN has / does / did / is…": the noun names the kind of answer asked
 * for ("What activities has Melanie done?", "Which cities has Jon visited?", "What martial arts
 * has John done?") and the answers rarely say it ("I'm off to go swimming", "a trip to Rome").
 * Up to three words may stand between "what" and the noun; "what did John do" has none.
 */
const AUXILIARY = 'has|have|had|does|do|did|is|are|was|were|might|would|could|will|can|should|to|it|he|she|they|you|i|we';
const ASKS_KIND = new RegExp(`^\\W*(?:what|which)\\s+(?:(?!(?:${AUXILIARY})\\b)[A-Za-z][\\w+'’-]*\\s+){0,3}?(?!(?:${AUXILIARY})\\b)([A-Za-z][\\w'’-]*)\\s+(?:${AUXILIARY.split('|to|')[0]})\\b`, 'i');
/** "What kind of art does…": the noun after "kind / type / sort of" is the topic, not the kind of answer. */
const KIND_OF = /^\W*(?:what|which)\s+(?:[A-Za-z]+\s+)?(?:kinds?|types?|sorts?)\s+of\b/i;

/**
 * The word of an English question that names the kind of answer it asks for (the noun between
 * "what / which" and the verb: "activities" in "What activities has Melanie done?"), or
 * `undefined` when it has none ("What did John do?") or asks "what kind / type of …". @internal
 */
export function answerTypeWord(question: string): string | undefined {
  if (KIND_OF.test(question)) return undefined;
  return ASKS_KIND.exec(question)?.[1];
}

/** `vector` with the weights of `ids` (sorted ascending) times `share`, normalised again. @internal */
export function lowerTerms(vector: SparseVector, ids: Int32Array, share: number): SparseVector {
  if (share >= 1 || ids.length === 0) return vector;
  const kept: number[] = [];
  const weights: number[] = [];
  let changed = false;
  for (let index = 0; index < vector.ids.length; index++) {
    const lowered = binaryHas(ids, vector.ids[index]!);
    changed ||= lowered;
    if (lowered && share <= 0) continue;
    kept.push(vector.ids[index]!);
    weights.push(lowered ? vector.weights[index]! * share : vector.weights[index]!);
  }
  if (!changed || kept.length === 0) return vector;
  return normalize({ ids: Int32Array.from(kept), weights: Float32Array.from(weights) });
}

/** `bag` without the terms `ids` (sorted ascending); `bag` itself when it holds none of them. @internal */
export function withoutTerms(bag: TermBag, ids: Int32Array): TermBag {
  if (ids.length === 0) return bag;
  const keep: number[] = [];
  for (let index = 0; index < bag.ids.length; index++) if (!binaryHas(ids, bag.ids[index]!)) keep.push(index);
  if (keep.length === bag.ids.length || keep.length === 0) return bag;
  const counts = Float32Array.from(keep, (index) => bag.counts[index]!);
  let length = 0;
  for (const count of counts) length += count;
  return { ids: Int32Array.from(keep, (index) => bag.ids[index]!), counts, length };
}

function binaryHas(sorted: Int32Array, id: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = sorted[middle]!;
    if (value === id) return true;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
