import type { SessionLog } from '../log/index.js';
import type { DenseEmbeddings } from './dense-embeddings.js';
import { denseCosine, type DenseVector } from './dense-vector.js';

/** The dense similarity of scored units to the turn's dense intent. @internal */
export interface DenseMatch {
  /**
   * Each unit's similarity relative to the others: (cosine − mean) / (max − mean) over the
   * embedded units, clipped to [0, 1]. Averaged word vectors put every text at a cosine of
   * 0.5–0.9 from every other; only how far a unit stands out says anything. -1: not embedded.
   */
  readonly relative: Float64Array;
  /** Each unit's raw cosine (0 where not embedded). */
  readonly cosine: Float64Array;
}

/** The spread the relative similarity is measured against, kept from the last full rescore. @internal */
export interface DenseSpread {
  mean: number;
  max: number;
}

/**
 * Dense similarities of the units at `indexes` to `intent`. With `spread` to reuse (a steady turn
 * scoring new units only) the mean and max of the last full rescore apply; otherwise they are
 * measured over these units and written to `spread`.
 * @internal
 */
export function denseMatch(log: SessionLog, indexes: readonly number[], embeddings: DenseEmbeddings, intent: DenseVector, spread: DenseSpread, recompute: boolean): DenseMatch {
  const relative = new Float64Array(indexes.length).fill(-1);
  const cosine = new Float64Array(indexes.length);
  let sum = 0;
  let count = 0;
  let max = -1;
  for (let offset = 0; offset < indexes.length; offset++) {
    const index = indexes[offset]!;
    const vector = embeddings.unit(index, log.units[index]!.version);
    if (!vector) continue;
    const value = denseCosine(vector, intent);
    cosine[offset] = value;
    relative[offset] = value;
    sum += value;
    count++;
    if (value > max) max = value;
  }
  if (recompute && count > 0) {
    spread.mean = sum / count;
    spread.max = max;
  }
  const range = spread.max - spread.mean;
  for (let offset = 0; offset < indexes.length; offset++) {
    if (relative[offset]! < -0.5 && cosine[offset] === 0) continue;
    relative[offset] = range > 1e-9 ? Math.min(1, Math.max(0, (cosine[offset]! - spread.mean) / range)) : 0;
  }
  return { relative, cosine };
}
