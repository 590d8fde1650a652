import type { Vocabulary } from './vocabulary.js';

/**
 * A bag of words: the distinct term ids of a text with their frequencies. Ids are sorted, so
 * two bags (or a bag and a vector) are compared by a linear merge walk.
 */
export interface TermBag {
  /** Distinct term ids, sorted ascending. */
  readonly ids: Int32Array;
  /** Term frequency of each id, aligned with `ids`; every count is positive. */
  readonly counts: Float32Array;
  /** Total terms: the sum of `counts` (the document length of BM25). */
  readonly length: number;
}

/** The bag of no terms. */
export const EMPTY_BAG: TermBag = Object.freeze({ ids: new Int32Array(0), counts: new Float32Array(0), length: 0 });

function bagFromCounts(frequencies: ReadonlyMap<number, number>, length: number): TermBag {
  if (frequencies.size === 0) return EMPTY_BAG;
  const ids = Int32Array.from(frequencies.keys()).sort();
  const counts = new Float32Array(ids.length);
  for (let index = 0; index < ids.length; index++) counts[index] = frequencies.get(ids[index]!)!;
  return { ids, counts, length };
}

/**
 * The bag of `terms` (as `extractTerms` returns them), interning new terms in
 * `vocabulary`.
 *
 * @example
 * ```ts
 * const bag = createTermBag(['cache', 'miss', 'cache'], vocabulary);
 * // { ids: [0, 1], counts: [2, 1], length: 3 }
 * ```
 */
export function createTermBag(terms: readonly string[], vocabulary: Vocabulary): TermBag {
  const frequencies = new Map<number, number>();
  for (const term of terms) {
    const id = vocabulary.idOf(term);
    frequencies.set(id, (frequencies.get(id) ?? 0) + 1);
  }
  return bagFromCounts(frequencies, terms.length);
}

/**
 * Two bags merged by one walk over their sorted ids: the same bag as through the map (each
 * count is one sum of two, whatever the order).
 */
function mergeTwo(a: TermBag, b: TermBag): TermBag {
  if (a.ids.length === 0 && b.ids.length === 0) return EMPTY_BAG;
  const ids = new Int32Array(a.ids.length + b.ids.length);
  const counts = new Float32Array(ids.length);
  let size = 0;
  let left = 0;
  let right = 0;
  while (left < a.ids.length || right < b.ids.length) {
    const idA = left < a.ids.length ? a.ids[left]! : Infinity;
    const idB = right < b.ids.length ? b.ids[right]! : Infinity;
    if (idA === idB) {
      ids[size] = idA;
      counts[size++] = a.counts[left++]! + b.counts[right++]!;
    } else if (idA < idB) {
      ids[size] = idA;
      counts[size++] = a.counts[left++]!;
    } else {
      ids[size] = idB;
      counts[size++] = b.counts[right++]!;
    }
  }
  return { ids: size === ids.length ? ids : ids.slice(0, size), counts: size === counts.length ? counts : counts.slice(0, size), length: a.length + b.length };
}

/** One bag of all the terms of `bags`: counts and lengths add up (e.g. a unit of several messages). */
export function mergeTermBags(bags: readonly TermBag[]): TermBag {
  if (bags.length === 1) return bags[0]!;
  // A tool call and its result (the usual unit of several messages): one merge walk.
  if (bags.length === 2) return mergeTwo(bags[0]!, bags[1]!);
  const frequencies = new Map<number, number>();
  let length = 0;
  for (const bag of bags) {
    length += bag.length;
    for (let index = 0; index < bag.ids.length; index++) {
      const id = bag.ids[index]!;
      frequencies.set(id, (frequencies.get(id) ?? 0) + bag.counts[index]!);
    }
  }
  return bagFromCounts(frequencies, length);
}
