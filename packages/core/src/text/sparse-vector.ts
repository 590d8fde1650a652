import type { TermBag } from './term-bag.js';

/**
 * A sparse vector over term ids: the lexical "meaning" of a text, or a blend of texts (the
 * direction of a session). Ids are sorted, so every operation is a linear merge walk.
 */
export interface SparseVector {
  /** Distinct term ids, sorted ascending. */
  readonly ids: Int32Array;
  /** The weight of each id, aligned with `ids`; never 0. */
  readonly weights: Float32Array;
}

/** The vector with no terms (norm 0; its cosine with anything is 0). */
export const EMPTY_VECTOR: SparseVector = Object.freeze({ ids: new Int32Array(0), weights: new Float32Array(0) });

/** Weighs one term of a bag: its id and its frequency (positive) give its weight. */
export type TermWeight = (termId: number, termFrequency: number) => number;

/** The default {@link TermWeight}: log-scaled frequency, `1 + ln(tf)`. */
export const logTermFrequency: TermWeight = (_termId, termFrequency) => 1 + Math.log(termFrequency);

/**
 * The L2-normalised vector of a bag. Each term weighs `weight(termId, tf)` (default
 * {@link logTermFrequency}); terms whose weight is not a positive finite number are left out,
 * so an IDF weight of 0 drops a term.
 *
 * @example
 * ```ts
 * const vector = vectorFromBag(bag, (id, tf) => (1 + Math.log(tf)) * statistics.idf(id));
 * ```
 */
export function vectorFromBag(bag: TermBag, weight: TermWeight = logTermFrequency): SparseVector {
  const ids = new Int32Array(bag.ids.length);
  const weights = new Float64Array(bag.ids.length);
  let size = 0;
  for (let index = 0; index < bag.ids.length; index++) {
    const id = bag.ids[index]!;
    const value = weight(id, bag.counts[index]!);
    if (!(value > 0) || !Number.isFinite(value)) continue;
    ids[size] = id;
    weights[size] = value;
    size++;
  }
  return scaled(ids, weights, size, normalisingFactor(weights, size));
}

/**
 * A vector from `[termId, weight]` pairs in any order: weights of a repeated id add up, zeros
 * are left out; not normalised.
 */
export function fromEntries(entries: Iterable<readonly [number, number]>): SparseVector {
  const sums = new Map<number, number>();
  for (const [id, weight] of entries) sums.set(id, (sums.get(id) ?? 0) + weight);
  return fromSums(sums, Infinity, false);
}

/** The dot product of two vectors. */
export function dot(a: SparseVector, b: SparseVector): number {
  let total = 0;
  let indexA = 0;
  let indexB = 0;
  while (indexA < a.ids.length && indexB < b.ids.length) {
    const idA = a.ids[indexA]!;
    const idB = b.ids[indexB]!;
    if (idA === idB) total += a.weights[indexA++]! * b.weights[indexB++]!;
    else if (idA < idB) indexA++;
    else indexB++;
  }
  return total;
}

/** The Euclidean (L2) norm of a vector. */
export function norm(vector: SparseVector): number {
  return Math.sqrt(sumOfSquares(vector.weights, vector.weights.length));
}

/** `vector` scaled to norm 1; {@link EMPTY_VECTOR} when its norm is 0. */
export function normalize(vector: SparseVector): SparseVector {
  const weights = Float64Array.from(vector.weights);
  return scaled(vector.ids, weights, weights.length, normalisingFactor(weights, weights.length));
}

/**
 * Cosine similarity: 1 for the same direction, 0 for no shared term or when either vector is
 * empty. In [0, 1] for vectors with non-negative weights (all lexical vectors).
 */
export function cosine(a: SparseVector, b: SparseVector): number {
  const normA = norm(a);
  const normB = norm(b);
  if (normA === 0 || normB === 0) return 0;
  return Math.max(-1, Math.min(1, dot(a, b) / (normA * normB)));
}

/** `a − b`; ids whose difference is 0 are left out. */
export function subtract(a: SparseVector, b: SparseVector): SparseVector {
  const ids = new Int32Array(a.ids.length + b.ids.length);
  const weights = new Float64Array(ids.length);
  let size = 0;
  let indexA = 0;
  let indexB = 0;
  while (indexA < a.ids.length || indexB < b.ids.length) {
    const idA = indexA < a.ids.length ? a.ids[indexA]! : Infinity;
    const idB = indexB < b.ids.length ? b.ids[indexB]! : Infinity;
    let id: number;
    let value: number;
    if (idA === idB) {
      id = idA;
      value = a.weights[indexA++]! - b.weights[indexB++]!;
    } else if (idA < idB) {
      id = idA;
      value = a.weights[indexA++]!;
    } else {
      id = idB;
      value = -b.weights[indexB++]!;
    }
    if (value === 0) continue;
    ids[size] = id;
    weights[size] = value;
    size++;
  }
  return scaled(ids, weights, size, 1);
}

/**
 * The Euclidean distance `|a − b|`, without building the difference: the semantic gradient
 * `|D_t − D_{t−1}|` between two direction vectors. From 0 to 2 for unit vectors with
 * non-negative weights (√2 when they share no term).
 */
export function distance(a: SparseVector, b: SparseVector): number {
  let total = 0;
  let indexA = 0;
  let indexB = 0;
  while (indexA < a.ids.length || indexB < b.ids.length) {
    const idA = indexA < a.ids.length ? a.ids[indexA]! : Infinity;
    const idB = indexB < b.ids.length ? b.ids[indexB]! : Infinity;
    let difference: number;
    if (idA === idB) difference = a.weights[indexA++]! - b.weights[indexB++]!;
    else if (idA < idB) difference = a.weights[indexA++]!;
    else difference = b.weights[indexB++]!;
    total += difference * difference;
  }
  return Math.sqrt(total);
}

/** One weighted vector of a {@link blend}. */
export interface BlendPart {
  readonly vector: SparseVector;
  /** How much it counts; 0 leaves it out. */
  readonly weight: number;
}

/** Options for {@link blend}. */
export interface BlendOptions {
  /**
   * The most terms the result keeps (the largest weights by magnitude, ties to the lower id),
   * so a long-lived direction vector stays small.
   * @default 512
   */
  maxTerms?: number;
}

/** Default of {@link BlendOptions.maxTerms}. */
export const DEFAULT_BLEND_MAX_TERMS = 512;

/**
 * The L2-normalised weighted sum of `parts`, cut to its `maxTerms` largest weights (then
 * normalised again). {@link EMPTY_VECTOR} when the sum is 0. Deterministic: the same parts in
 * the same order give the same vector.
 *
 * @example
 * ```ts
 * // Move the direction a fifth of the way towards the latest intent.
 * direction = blend([{ vector: direction, weight: 0.8 }, { vector: intent, weight: 0.2 }]);
 * ```
 * @throws RangeError when a weight is not finite or `maxTerms` is not a positive whole number.
 */
export function blend(parts: readonly BlendPart[], { maxTerms = DEFAULT_BLEND_MAX_TERMS }: BlendOptions = {}): SparseVector {
  if (!(maxTerms >= 1) || (Number.isFinite(maxTerms) && !Number.isInteger(maxTerms))) {
    throw new RangeError(`Invalid maxTerms ${maxTerms}: use a whole number from 1, or Infinity.`);
  }
  for (const { weight } of parts) if (!Number.isFinite(weight)) throw new RangeError(`Invalid blend weight ${weight}: use a finite number.`);
  const used = parts.filter((part) => part.weight !== 0);
  if (used.every((part) => isAscending(part.vector.ids))) return mergeBlend(used, maxTerms);
  const sums = new Map<number, number>();
  for (const { vector, weight } of used) {
    for (let index = 0; index < vector.ids.length; index++) {
      const id = vector.ids[index]!;
      sums.set(id, (sums.get(id) ?? 0) + weight * vector.weights[index]!);
    }
  }
  return fromSums(sums, maxTerms, true);
}

/** True when `ids` are strictly ascending (as a {@link SparseVector}'s are). */
function isAscending(ids: Int32Array): boolean {
  for (let index = 1; index < ids.length; index++) if (ids[index - 1]! >= ids[index]!) return false;
  return true;
}

/**
 * {@link blend} of parts whose ids are strictly ascending, by a merge walk: each id's weighted
 * sum is added up part by part from 0, in the order of `parts` — the sum the map of
 * {@link fromSums} holds, bit for bit — and the ids come out sorted; cut and normalised as
 * `fromSums` does (the cut is by a total order, so it keeps the same terms).
 */
function mergeBlend(parts: readonly BlendPart[], maxTerms: number): SparseVector {
  let capacity = 0;
  for (const { vector } of parts) capacity += vector.ids.length;
  const ids = new Int32Array(capacity);
  const sums = new Float64Array(capacity);
  const cursors = new Int32Array(parts.length);
  let size = 0;
  for (;;) {
    let next = Infinity;
    for (let part = 0; part < parts.length; part++) {
      const { ids: partIds } = parts[part]!.vector;
      if (cursors[part]! < partIds.length && partIds[cursors[part]!]! < next) next = partIds[cursors[part]!]!;
    }
    if (next === Infinity) break;
    let sum = 0;
    for (let part = 0; part < parts.length; part++) {
      const { vector, weight } = parts[part]!;
      const at = cursors[part]!;
      if (at < vector.ids.length && vector.ids[at] === next) {
        sum = sum + weight * vector.weights[at]!;
        cursors[part] = at + 1;
      }
    }
    if (sum === 0) continue;
    ids[size] = next;
    sums[size] = sum;
    size++;
  }
  if (size > maxTerms) {
    const order = Array.from({ length: size }, (_, index) => index);
    order.sort((left, right) => Math.abs(sums[right]!) - Math.abs(sums[left]!) || ids[left]! - ids[right]!);
    const kept = order.slice(0, maxTerms).sort((left, right) => left - right);
    const keptIds = new Int32Array(kept.length);
    const keptSums = new Float64Array(kept.length);
    kept.forEach((index, at) => {
      keptIds[at] = ids[index]!;
      keptSums[at] = sums[index]!;
    });
    return scaled(keptIds, keptSums, kept.length, normalisingFactor(keptSums, kept.length));
  }
  return scaled(ids, sums, size, normalisingFactor(sums, size));
}

/**
 * The vector of `sums` (id → weight), zeros left out, cut to the `maxTerms` largest magnitudes
 * (ties to the lower id), then normalised if asked.
 */
function fromSums(sums: ReadonlyMap<number, number>, maxTerms: number, normalise: boolean): SparseVector {
  let entries: [number, number][] = [];
  for (const entry of sums) if (entry[1] !== 0) entries.push(entry);
  if (entries.length > maxTerms) {
    entries.sort((left, right) => Math.abs(right[1]) - Math.abs(left[1]) || left[0] - right[0]);
    entries = entries.slice(0, maxTerms);
  }
  entries.sort((left, right) => left[0] - right[0]);
  const ids = new Int32Array(entries.length);
  const weights = new Float64Array(entries.length);
  for (let index = 0; index < entries.length; index++) {
    ids[index] = entries[index]![0];
    weights[index] = entries[index]![1];
  }
  return scaled(ids, weights, weights.length, normalise ? normalisingFactor(weights, weights.length) : 1);
}

function sumOfSquares(weights: ArrayLike<number>, size: number): number {
  let total = 0;
  for (let index = 0; index < size; index++) total += weights[index]! * weights[index]!;
  return total;
}

/**
 * Divides the first `size` weights by their largest magnitude (so squaring cannot overflow) and
 * returns the factor that then gives them norm 1; not finite when all are 0.
 */
function normalisingFactor(weights: Float64Array, size: number): number {
  let largest = 0;
  for (let index = 0; index < size; index++) largest = Math.max(largest, Math.abs(weights[index]!));
  if (largest === 0 || !Number.isFinite(largest)) return Number.NaN;
  for (let index = 0; index < size; index++) weights[index] = weights[index]! / largest;
  return 1 / Math.sqrt(sumOfSquares(weights, size));
}

/**
 * The vector of the first `size` ids and weights, weights multiplied by `factor` and stored as
 * 32-bit floats; weights that become 0 (or a non-finite factor) leave those ids out.
 */
function scaled(ids: Int32Array, weights: Float64Array, size: number, factor: number): SparseVector {
  if (size === 0 || !Number.isFinite(factor)) return EMPTY_VECTOR;
  const keptIds = new Int32Array(size);
  const keptWeights = new Float32Array(size);
  let kept = 0;
  for (let index = 0; index < size; index++) {
    const value = Math.fround(weights[index]! * factor);
    if (value === 0) continue;
    keptIds[kept] = ids[index]!;
    keptWeights[kept] = value;
    kept++;
  }
  if (kept === 0) return EMPTY_VECTOR;
  return kept === size
    ? { ids: keptIds, weights: keptWeights }
    : { ids: keptIds.slice(0, kept), weights: keptWeights.slice(0, kept) };
}
