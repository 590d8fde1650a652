import { extractTerms } from './extract-terms.js';
import { vectorFromBag, type SparseVector } from './sparse-vector.js';
import { createTermBag, type TermBag } from './term-bag.js';
import { Vocabulary } from './vocabulary.js';

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
  const bag = (text: string): TermBag => createTermBag(extractTerms(text, extractOptions), vocabulary);
  const vectorOfBag = (termBag: TermBag): SparseVector => vectorFromBag(termBag);
  return {
    vocabulary,
    bag,
    vector: (text) => vectorOfBag(bag(text)),
    vectorOfBag,
  };
}
