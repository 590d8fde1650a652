import { norm, type SparseVector, type TermBag } from '../text/index.js';

/** A term's weight in a topic (log term frequency, as `vectorFromBag` weighs it). */
const weightOf = (count: number): number => 1 + Math.log(count);

/**
 * A topic partition's running term bag: every page assigned to the topic adds its terms, and the
 * cosine of a page's vector with the topic is what `cosine(vector, vectorFromBag(merged bag))`
 * gives (log-term-frequency weights), kept incrementally — adding a page costs its own terms, not
 * the topic's, so freezing n pages costs O(terms) rather than O(n · topic size). @internal
 */
export class TopicCentroid {
  readonly #counts = new Map<number, number>();
  /** Σ weight² over the topic's terms with a positive weight. */
  #sumSquares = 0;

  constructor(bag: TermBag) {
    this.add(bag);
  }

  /** Adds a page's terms to the topic. */
  add(bag: TermBag): void {
    for (let index = 0; index < bag.ids.length; index++) {
      const id = bag.ids[index]!;
      const before = this.#counts.get(id) ?? 0;
      const after = before + bag.counts[index]!;
      if (before > 0 && weightOf(before) > 0) this.#sumSquares -= weightOf(before) ** 2;
      if (weightOf(after) > 0) this.#sumSquares += weightOf(after) ** 2;
      this.#counts.set(id, after);
    }
  }

  /** The cosine of `vector` with the topic, in [-1, 1] (0 when either is empty). */
  cosine(vector: SparseVector): number {
    const vectorNorm = norm(vector);
    if (vectorNorm === 0 || !(this.#sumSquares > 0)) return 0;
    let dot = 0;
    for (let index = 0; index < vector.ids.length; index++) {
      const count = this.#counts.get(vector.ids[index]!);
      if (count === undefined) continue;
      const weight = weightOf(count);
      if (weight > 0) dot += vector.weights[index]! * weight;
    }
    return Math.max(-1, Math.min(1, dot / (vectorNorm * Math.sqrt(this.#sumSquares))));
  }
}
