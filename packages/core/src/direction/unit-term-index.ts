import type { SessionLog } from '../log/index.js';
import { dot, norm, type SparseVector, type TermBag } from '../text/index.js';

const BM25_K1 = 1.2;
const BM25_B = 0.75;

/**
 * The units holding one term, with each unit's frequency of the term and the term's weight in the
 * unit's vector (0: not in the vector). A term held by few units keeps them in one plain array,
 * flat (`[unit, frequency, weight, …]`): most terms (ids, numbers) are held by a unit or two. One
 * held by more than {@link PACK_AT} moves to typed arrays (12 bytes a posting).
 */
type Postings = number[] | PackedPostings;

interface PackedPostings {
  units: Int32Array;
  counts: Float32Array;
  weights: Float32Array;
  size: number;
}

/** Postings a term keeps in a plain array before they move to typed arrays. */
const PACK_AT = 16;

/** A unit's exact lexical matches with this turn's direction and question, for every unit. @internal */
export interface LexicalMatches {
  /** `max(0, cosine(unit vector, scoring))`, as the full rescore computes it (0 where `intent` is off). */
  readonly intent: Float64Array;
  /** `statistics.bm25(queryBag, unit bag)` (0 where there is no question). */
  readonly keyword: Float64Array;
}

/**
 * An inverted index of the session's units: term id → the units that hold it, kept up to date
 * incrementally (each unit is indexed once, on the first scoring after all its tool results
 * arrived; a unit still waiting for results is matched directly). A new query then costs the
 * postings of its terms and of the direction's, not a merge walk over every unit's terms.
 *
 * Scores are bit-identical to the per-unit merge walks (`cosine`, `TermStatistics.bm25`): for
 * each unit the same products are summed in the same order (ascending term id), then scaled
 * the same way. @internal
 */
export class UnitTermIndex {
  readonly #postings: (Postings | undefined)[] = [];
  /** Per unit: its vector's norm, and how many messages it held when indexed (-1: not indexed). */
  #norms = new Float64Array(1024);
  #lengths = new Float64Array(1024);
  #indexedPositions = new Int32Array(1024).fill(-1);
  /** Units seen but not indexed yet (tool results still due), ascending. */
  #pending: number[] = [];
  #seen = 0;

  /** Units indexed so far (for tests and the bench). */
  get indexedUnits(): number {
    let count = 0;
    for (let unit = 0; unit < this.#seen; unit++) if (this.#indexedPositions[unit]! >= 0) count++;
    return count;
  }

  /** Brings the index up to the log: new units, and units whose tool results have all arrived. */
  sync(log: SessionLog): void {
    const { units } = log;
    this.#grow(units.length);
    const waiting: number[] = [];
    const ready: number[] = [];
    sortByOpenCalls(units, this.#pending, this.#seen, waiting, ready);
    this.#seen = units.length;
    this.#pending = waiting;
    if (ready.length > 0) this.#index(log, ready);
  }

  /**
   * Lexical intent match and BM25 keyword overlap of every unit of `log` (after {@link sync}):
   * units sharing no term with `scoring` / `queryBag` get 0 without being visited.
   */
  match(log: SessionLog, scoring: SparseVector | undefined, queryBag: TermBag | undefined): LexicalMatches {
    this.sync(log);
    const count = log.units.length;
    const intent = new Float64Array(count);
    const keyword = new Float64Array(count);
    if (scoring) this.#accumulateDot(scoring, intent);
    const saturation = queryBag ? this.#saturations(log, count) : undefined;
    if (queryBag) this.#accumulateBm25(log, queryBag, saturation!, keyword);
    const scoringNorm = scoring ? norm(scoring) : 0;
    for (let unit = 0; unit < count; unit++) {
      // Only units with every call answered are indexed, and such a unit takes no more messages: an
      // indexed unit is current (the log's units are not read to check).
      if (this.#indexedPositions[unit]! < 0) {
        // Not indexed (or changed since): the direct merge walks.
        const features = log.unitFeatures(unit);
        intent[unit] = scoring ? Math.max(0, cosineOf(features.vector, norm(features.vector), scoring, scoringNorm)) : 0;
        keyword[unit] = queryBag ? log.statistics.bm25(queryBag, features.bag) : 0;
        continue;
      }
      if (scoring) {
        const unitNorm = this.#norms[unit]!;
        intent[unit] = unitNorm === 0 || scoringNorm === 0 ? 0 : Math.max(0, Math.max(-1, Math.min(1, intent[unit]! / (unitNorm * scoringNorm))));
      }
    }
    return { intent, keyword };
  }

  /**
   * The units of `log` that hold `term`, among those indexed (every tool call answered), after
   * {@link sync}; in the order they were indexed. A term no unit holds: none.
   */
  unitsHolding(log: SessionLog, term: number): number[] {
    this.sync(log);
    const postings = this.#postings[term];
    if (!postings) return [];
    const units: number[] = [];
    if (Array.isArray(postings)) for (let at = 0; at < postings.length; at += 3) units.push(postings[at]!);
    else for (let at = 0; at < postings.size; at++) units.push(postings.units[at]!);
    return units;
  }

  /** Indexes `ready` units. */
  #index(log: SessionLog, ready: readonly number[]): void {
    for (const unit of ready) {
      const { bag, vector } = log.unitFeatures(unit);
      this.#norms[unit] = norm(vector);
      this.#lengths[unit] = bag.length;
      this.#indexedPositions[unit] = log.units[unit]!.positions.length;
      let at = 0;
      for (let offset = 0; offset < bag.ids.length; offset++) {
        const id = bag.ids[offset]!;
        while (at < vector.ids.length && vector.ids[at]! < id) at++;
        const weight = at < vector.ids.length && vector.ids[at] === id ? vector.weights[at]! : 0;
        this.#add(id, unit, bag.counts[offset]!, weight);
      }
    }
  }

  #add(term: number, unit: number, count: number, weight: number): void {
    const postings = this.#postings[term];
    if (postings === undefined) {
      this.#postings[term] = [unit, count, weight];
      return;
    }
    if (Array.isArray(postings)) {
      if (postings.length < 3 * PACK_AT) {
        // Kept at its length (a pushed array keeps room for about 16 more elements, and most
        // terms are held by a unit or two: heap per logged message).
        postings.push(unit, count, weight);
        this.#postings[term] = postings.slice();
        return;
      }
      const packed: PackedPostings = { units: new Int32Array(2 * PACK_AT), counts: new Float32Array(2 * PACK_AT), weights: new Float32Array(2 * PACK_AT), size: 0 };
      for (let at = 0; at < postings.length; at += 3) pushPacked(packed, postings[at]!, postings[at + 1]!, postings[at + 2]!);
      this.#postings[term] = packed;
      pushPacked(packed, unit, count, weight);
      return;
    }
    pushPacked(postings, unit, count, weight);
  }

  /** Dot products, term by term in ascending id: the order `dot` adds them in. */
  #accumulateDot(scoring: SparseVector, into: Float64Array): void {
    for (let offset = 0; offset < scoring.ids.length; offset++) {
      const postings = this.#postings[scoring.ids[offset]!];
      if (!postings) continue;
      const scoringWeight = scoring.weights[offset]!;
      if (Array.isArray(postings)) {
        for (let at = 0; at < postings.length; at += 3) {
          const weight = postings[at + 2]!;
          if (weight !== 0) into[postings[at]!]! += weight * scoringWeight;
        }
        continue;
      }
      const { units, weights, size } = postings;
      for (let at = 0; at < size; at++) {
        const weight = weights[at]!;
        if (weight !== 0) into[units[at]!]! += weight * scoringWeight;
      }
    }
  }

  /** BM25, query term by query term in ascending id: the order `TermStatistics.bm25` adds them in. */
  #accumulateBm25(log: SessionLog, queryBag: TermBag, saturation: Float64Array, into: Float64Array): void {
    for (let offset = 0; offset < queryBag.ids.length; offset++) {
      const id = queryBag.ids[offset]!;
      const postings = this.#postings[id];
      if (!postings) continue;
      const idf = log.statistics.idf(id);
      if (Array.isArray(postings)) {
        for (let at = 0; at < postings.length; at += 3) {
          const unit = postings[at]!;
          const frequency = postings[at + 1]!;
          into[unit]! += (idf * frequency * (BM25_K1 + 1)) / (frequency + saturation[unit]!);
        }
        continue;
      }
      const { units, counts, size } = postings;
      for (let at = 0; at < size; at++) {
        const unit = units[at]!;
        const frequency = counts[at]!;
        into[unit]! += (idf * frequency * (BM25_K1 + 1)) / (frequency + saturation[unit]!);
      }
    }
  }

  /** Each unit's BM25 length saturation, as `TermStatistics.bm25` computes it. */
  #saturations(log: SessionLog, count: number): Float64Array {
    const saturation = new Float64Array(count);
    const averageLength = log.statistics.averageLength;
    for (let unit = 0; unit < count; unit++) {
      if (this.#indexedPositions[unit]! < 0) continue;
      const relativeLength = averageLength > 0 ? this.#lengths[unit]! / averageLength : 1;
      saturation[unit] = BM25_K1 * (1 - BM25_B + BM25_B * relativeLength);
    }
    return saturation;
  }

  #grow(size: number): void {
    if (size <= this.#norms.length) return;
    let capacity = this.#norms.length;
    while (capacity < size) capacity *= 2;
    const norms = new Float64Array(capacity);
    norms.set(this.#norms);
    this.#norms = norms;
    const lengths = new Float64Array(capacity);
    lengths.set(this.#lengths);
    this.#lengths = lengths;
    const positions = new Int32Array(capacity).fill(-1);
    positions.set(this.#indexedPositions);
    this.#indexedPositions = positions;
  }
}

function pushPacked(postings: PackedPostings, unit: number, count: number, weight: number): void {
  if (postings.size === postings.units.length) {
    const capacity = 2 * postings.size;
    const units = new Int32Array(capacity);
    units.set(postings.units);
    const counts = new Float32Array(capacity);
    counts.set(postings.counts);
    const weights = new Float32Array(capacity);
    weights.set(postings.weights);
    Object.assign(postings, { units, counts, weights });
  }
  postings.units[postings.size] = unit;
  postings.counts[postings.size] = count;
  postings.weights[postings.size] = weight;
  postings.size++;
}

/** `cosine(a, b)` with both norms given (they are what `norm` returns). */
function cosineOf(a: SparseVector, normA: number, b: SparseVector, normB: number): number {
  if (normA === 0 || normB === 0) return 0;
  return Math.max(-1, Math.min(1, dot(a, b) / (normA * normB)));
}

const indexes = new WeakMap<SessionLog, UnitTermIndex>();

/** The term index of a session log (created on first use; lives as long as the log). @internal */
export function unitTermIndex(log: SessionLog): UnitTermIndex {
  let index = indexes.get(log);
  if (!index) {
    index = new UnitTermIndex();
    indexes.set(log, index);
  }
  return index;
}

/**
 * Puts `pending` and the units from `seen` on into `waiting` (a call still open) or `ready`, in
 * that order. A loop of its own: a long one (a whole log, the first time) in `sync` itself would be
 * compiled on the stack and leave code V8 throws away later for want of type feedback.
 */
function sortByOpenCalls(units: readonly { openCalls: number }[], pending: readonly number[], seen: number, waiting: number[], ready: number[]): void {
  for (const unit of pending) (units[unit]!.openCalls > 0 ? waiting : ready).push(unit);
  for (let unit = seen; unit < units.length; unit++) (units[unit]!.openCalls > 0 ? waiting : ready).push(unit);
}
