import type { TermBag } from './term-bag.js';

/** Options for {@link TermStatistics.bm25}. */
export interface Bm25Options {
  /**
   * Term-frequency saturation: how fast repeats of a term stop adding to the score.
   * @default 1.2
   */
  k1?: number;
  /**
   * Length normalisation, from 0 (none) to 1 (full).
   * @default 0.75
   */
  b?: number;
}

const INITIAL_CAPACITY = 1024;

/**
 * Document frequencies of terms over a growing collection of documents (units), for IDF and
 * BM25. Incremental: add each document once as it is ingested; the engine rebuilds it by
 * re-ingesting, so it has no serialised form. Term ids are those of one `Vocabulary`.
 *
 * @example
 * ```ts
 * const statistics = new TermStatistics();
 * for (const bag of unitBags) statistics.addDocument(bag);
 * const score = statistics.bm25(queryBag, unitBags[0]);
 * ```
 */
export class TermStatistics {
  #documentFrequencies = new Int32Array(INITIAL_CAPACITY);
  #documentCount = 0;
  #totalLength = 0;

  /** How many documents were added (less those removed). */
  get documentCount(): number {
    return this.#documentCount;
  }

  /** The mean document length in terms; 0 with no documents. */
  get averageLength(): number {
    return this.#documentCount === 0 ? 0 : this.#totalLength / this.#documentCount;
  }

  /** Counts one document: its length and, once per distinct term, its terms. */
  addDocument(bag: TermBag): void {
    const largestId = bag.ids.length === 0 ? -1 : bag.ids[bag.ids.length - 1]!;
    this.#ensureCapacity(largestId + 1);
    for (let index = 0; index < bag.ids.length; index++) this.#documentFrequencies[bag.ids[index]!]!++;
    this.#documentCount++;
    this.#totalLength += bag.length;
  }

  /**
   * Uncounts a document added before (e.g. a unit replaced by its merge). Removing a bag that
   * was never added makes the statistics wrong; counts never go below 0.
   */
  removeDocument(bag: TermBag): void {
    const frequencies = this.#documentFrequencies;
    for (let index = 0; index < bag.ids.length; index++) {
      const id = bag.ids[index]!;
      if (id < frequencies.length && frequencies[id]! > 0) frequencies[id]!--;
    }
    this.#documentCount = Math.max(0, this.#documentCount - 1);
    this.#totalLength = this.#documentCount === 0 ? 0 : Math.max(0, this.#totalLength - bag.length);
  }

  /** In how many documents `termId` occurs. */
  documentFrequency(termId: number): number {
    return this.#documentFrequencies[termId] ?? 0;
  }

  /**
   * The BM25 inverse document frequency of a term, `ln(1 + (N − n + 0.5) / (n + 0.5))` for `N`
   * documents of which `n` hold it: always positive, highest for rare terms.
   */
  idf(termId: number): number {
    const count = this.#documentCount;
    const frequency = Math.min(this.documentFrequency(termId), count);
    return Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
  }

  /**
   * The Okapi BM25 score of `document` for `query`: the sum, over distinct query terms in the
   * document, of `idf · tf · (k1 + 1) / (tf + k1 · (1 − b + b · length / averageLength))`.
   * Repeats in the query count once. At least 0; 0 when they share no term. Linear in the
   * sizes of both bags (a merge walk of their sorted ids).
   *
   * @throws RangeError when `k1` is negative or `b` is outside [0, 1].
   */
  bm25(query: TermBag, document: TermBag, { k1 = 1.2, b = 0.75 }: Bm25Options = {}): number {
    if (!(k1 >= 0) || !Number.isFinite(k1)) throw new RangeError(`Invalid k1 ${k1}: use a finite number from 0.`);
    if (!(b >= 0 && b <= 1)) throw new RangeError(`Invalid b ${b}: use a number from 0 to 1.`);
    const averageLength = this.averageLength;
    const relativeLength = averageLength > 0 ? document.length / averageLength : 1;
    const saturation = k1 * (1 - b + b * relativeLength);
    let score = 0;
    let queryIndex = 0;
    let documentIndex = 0;
    while (queryIndex < query.ids.length && documentIndex < document.ids.length) {
      const queryId = query.ids[queryIndex]!;
      const documentId = document.ids[documentIndex]!;
      if (queryId < documentId) {
        queryIndex++;
      } else if (documentId < queryId) {
        documentIndex++;
      } else {
        const frequency = document.counts[documentIndex]!;
        score += (this.idf(queryId) * frequency * (k1 + 1)) / (frequency + saturation);
        queryIndex++;
        documentIndex++;
      }
    }
    return score;
  }

  #ensureCapacity(size: number): void {
    if (size <= this.#documentFrequencies.length) return;
    let capacity = this.#documentFrequencies.length;
    while (capacity < size) capacity *= 2;
    const grown = new Int32Array(capacity);
    grown.set(this.#documentFrequencies);
    this.#documentFrequencies = grown;
  }
}
