/** createLexicalVectoriser as it was before its ASCII path looked tokens up in place (issue 17): the reference the fast one is checked against. Test support only. */
import { DEFAULT_MAX_TERMS, extractTerms, termsOfToken } from '../extract-terms.js';
import { vectorFromBag, type SparseVector } from '../sparse-vector.js';
import { createTermBag, EMPTY_BAG, type TermBag } from '../term-bag.js';
import { Vocabulary } from '../vocabulary.js';

const NON_ASCII = /[^\x00-\x7f]/;
const MAX_PIECE = 256;
const TOKEN_CACHE_LIMIT = 200_000;

/** Options for {@link createLexicalVectoriser}. */
export interface LexicalVectoriserOptions {
  /**
   * The most terms read from one text (see `extractTerms`).
   * @default 2000
   */
  maxTerms?: number;
  /** The vocabulary to intern terms in, to share ids with other components. @default a new one */
  vocabulary?: Vocabulary;
}

/**
 * Turns texts into term bags and sparse vectors over one vocabulary: cairn's local, model-free
 * semantic space. Same texts in the same order give the same ids, bags and vectors.
 */
export interface LexicalVectoriser {
  /** The vocabulary all bags and vectors of this vectoriser index. */
  readonly vocabulary: Vocabulary;
  /** The term bag of `text`, interning its new terms. */
  bag(text: string): TermBag;
  /** The L2-normalised log-tf vector of `text`, interning its new terms. */
  vector(text: string): SparseVector;
  /** The L2-normalised log-tf vector of a bag of this vectoriser. */
  vectorOfBag(bag: TermBag): SparseVector;
}

/**
 * Creates a {@link LexicalVectoriser}: `extractTerms`, then a bag over its vocabulary, then a
 * log-tf vector (weigh by IDF yourself with `vectorFromBag` and `TermStatistics.idf`).
 *
 * @example
 * ```ts
 * const vectoriser = createLexicalVectoriser();
 * cosine(vectoriser.vector('fix the flaky login test'), vectoriser.vector('login tests are flaky')); // ≈ 0.87
 * ```
 * @throws RangeError when `maxTerms` is not a whole number from 0 (or Infinity).
 */
export function createLexicalVectoriser({ maxTerms, vocabulary = new Vocabulary() }: LexicalVectoriserOptions = {}): LexicalVectoriser {
  const extractOptions = maxTerms === undefined ? {} : { maxTerms };
  extractTerms('', extractOptions); // Validates maxTerms now, not at the first text.
  const limit = maxTerms ?? DEFAULT_MAX_TERMS;
  // ASCII texts (most tool output) take a fast path: the term ids of each distinct token are
  // cached, so repeated tokens skip splitting and stemming. Same ids, same order of interning.
  const tokenIds = new Map<string, readonly number[]>();
  let counts = new Float64Array(1024);
  const touched: number[] = [];
  const count = (id: number): void => {
    if (id >= counts.length) {
      const grown = new Float64Array(Math.max(id + 1, counts.length * 2));
      grown.set(counts);
      counts = grown;
    }
    if (counts[id] === 0) touched.push(id);
    counts[id]!++;
  };
  const bag = (text: string): TermBag => {
    if (NON_ASCII.test(text)) return createTermBag(extractTerms(text, extractOptions), vocabulary);
    if (tokenIds.size > TOKEN_CACHE_LIMIT) tokenIds.clear();
    let length = 0;
    let start = -1;
    for (let index = 0; index <= text.length && length < limit; index++) {
      const code = index < text.length ? text.charCodeAt(index) : 0;
      const word = (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
      if (word) {
        if (start < 0) start = index;
        continue;
      }
      if (start < 0) continue;
      // Runs over MAX_PIECE characters are blobs (base64, minified code): extractTerms drops them.
      if (index - start <= MAX_PIECE) {
        const piece = text.slice(start, index);
        let ids = tokenIds.get(piece);
        if (ids === undefined) {
          ids = termsOfToken(piece).map((term) => vocabulary.idOf(term));
          tokenIds.set(piece, ids);
        }
        for (let offset = 0; offset < ids.length && length < limit; offset++) {
          count(ids[offset]!);
          length++;
        }
      }
      start = -1;
    }
    touched.sort((a, b) => a - b);
    const ids = Int32Array.from(touched);
    const frequencies = new Float32Array(ids.length);
    for (let offset = 0; offset < ids.length; offset++) {
      frequencies[offset] = counts[ids[offset]!]!;
      counts[ids[offset]!] = 0;
    }
    touched.length = 0;
    return ids.length === 0 ? EMPTY_BAG : { ids, counts: frequencies, length };
  };
  const vectorOfBag = (termBag: TermBag): SparseVector => vectorFromBag(termBag);
  return {
    vocabulary,
    bag,
    vector: (text) => vectorOfBag(bag(text)),
    vectorOfBag,
  };
}
