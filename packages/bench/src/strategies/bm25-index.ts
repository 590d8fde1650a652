/** BM25 term-frequency saturation. */
export const BM25_K1 = 1.2;
/** BM25 length normalisation. */
export const BM25_B = 0.75;

const TERM = /[\p{L}\p{N}]+/gu;

/**
 * Splits text into lower-case letter-and-digit terms (`CUST-48213` → `cust`, `48213`).
 *
 * @param text - Any text.
 * @returns The terms, in order, with repeats.
 */
export function bm25Terms(text: string): string[] {
  return text.toLowerCase().match(TERM) ?? [];
}

/** An append-only BM25 index over documents numbered 0, 1, 2… in the order they are added. */
export interface Bm25Index {
  /** Adds the next document. */
  add(text: string): void;
  /** Number of documents added. */
  readonly size: number;
  /**
   * BM25 score of every document for `query` (Okapi BM25, idf `ln(1 + (N − df + 0.5) / (df + 0.5))`).
   *
   * @returns One score per document, 0 where no query term occurs.
   */
  scores(query: string): Float64Array;
}

/**
 * Creates an empty {@link Bm25Index}: postings per term, document lengths, no stemming or stop
 * words. This is the benchmark's own naive-retrieval baseline, not a library's.
 *
 * @returns The index.
 *
 * @example
 * ```ts
 * const index = createBm25Index();
 * index.add('refund for CUST-48213');
 * index.add('deploy to eu-central-1');
 * index.scores('which customer?'); // Float64Array [0, 0]
 * ```
 */
export function createBm25Index(): Bm25Index {
  const postings = new Map<string, { document: number; frequency: number }[]>();
  const lengths: number[] = [];
  let totalLength = 0;
  return {
    get size() {
      return lengths.length;
    },
    add(text) {
      const document = lengths.length;
      const terms = bm25Terms(text);
      const frequencies = new Map<string, number>();
      for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      for (const [term, frequency] of frequencies) {
        let list = postings.get(term);
        if (list === undefined) postings.set(term, (list = []));
        list.push({ document, frequency });
      }
      lengths.push(terms.length);
      totalLength += terms.length;
    },
    scores(query) {
      const documentCount = lengths.length;
      const result = new Float64Array(documentCount);
      if (documentCount === 0) return result;
      const averageLength = totalLength / documentCount || 1;
      for (const term of new Set(bm25Terms(query))) {
        const list = postings.get(term);
        if (list === undefined) continue;
        const inverse = Math.log(1 + (documentCount - list.length + 0.5) / (list.length + 0.5));
        for (const { document, frequency } of list) {
          const norm = 1 - BM25_B + (BM25_B * lengths[document]!) / averageLength;
          result[document]! += (inverse * frequency * (BM25_K1 + 1)) / (frequency + BM25_K1 * norm);
        }
      }
      return result;
    },
  };
}
