/** SIF's smoothing constant `a` (Arora et al. found 1e-3 to 1e-4 works across tasks). */
export const DEFAULT_SIF_A = 1e-3;

/** How words are weighted in a sentence vector. */
export type WordWeighting = 'sif' | 'idf' | 'uniform';

/**
 * A word's estimated share of all running words, from its frequency rank alone (Zipf's law:
 * p(r) = 1 / ((r + 1) · H), H the harmonic number of the vocabulary). Models such as GloVe list
 * their words most frequent first, so the rank is all there is to know.
 *
 * @param rank - 0 for the most frequent word.
 * @param vocabulary - Words in the source vocabulary.
 * @returns The estimated probability.
 */
export function zipfProbability(rank: number, vocabulary: number): number {
  const harmonic = Math.log(Math.max(1, vocabulary)) + 0.5772156649;
  return 1 / ((rank + 1) * harmonic);
}

/**
 * A word's weight in a sentence vector: `sif` a / (a + p(w)) (frequent words count little, rare
 * ones about 1); `idf` log(1 / p(w)), the inverse document frequency the rank implies; `uniform` 1.
 *
 * @param rank - The word's frequency rank.
 * @param vocabulary - Words in the source vocabulary.
 * @param weighting - The scheme.
 * @param sifA - SIF's `a`.
 * @returns The weight (positive).
 */
export function wordWeight(rank: number, vocabulary: number, weighting: WordWeighting, sifA = DEFAULT_SIF_A): number {
  if (weighting === 'uniform') return 1;
  const probability = zipfProbability(rank, vocabulary);
  return weighting === 'sif' ? sifA / (sifA + probability) : Math.log(1 / probability);
}
