import type { SessionLog } from '../log/index.js';
import { normalize, type SparseVector, type TermBag } from '../text/index.js';

/** Options of {@link coOccurrenceExpansion}. @internal */
export interface ExpansionOptions {
  /** Terms kept, the most associated first. */
  readonly terms: number;
  /** A question term held by more than this share of units says too little to expand. */
  readonly maxShare: number;
  /** Units that must hold both terms. */
  readonly minSupport: number;
  /** How terms are ranked. */
  readonly mode?: 'probability' | 'pmi';
}

function contains(bag: TermBag, id: number): boolean {
  let low = 0;
  let high = bag.ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = bag.ids[middle]!;
    if (value === id) return true;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/**
 * The conversation's own related words for a question: for each question term held by a few
 * units (not by more than `maxShare` of them), the terms that occur in the same units, ranked by
 * P(term | question term) × IDF(term) summed over the question's terms, the `terms` best kept
 * (each held with a question term in at least `minSupport` units). "What activities has Melanie
 * done with her family?" → the words that come with "family" where the family is spoken of
 * ("kids", "camping"…). A unit vector (empty: nothing to expand). @internal
 */
export function coOccurrenceExpansion(log: SessionLog, question: TermBag, options: ExpansionOptions): SparseVector {
  const { statistics } = log;
  const units = log.units.length;
  const seeds: number[] = [];
  for (const id of question.ids) {
    const frequency = statistics.documentFrequency(id);
    if (frequency >= options.minSupport && frequency <= options.maxShare * units) seeds.push(id);
  }
  if (seeds.length === 0) return { ids: new Int32Array(0), weights: new Float32Array(0) };
  // Per seed: how many units hold it with each other term.
  const together = new Map<number, number>();
  const supports = new Map<number, number>();
  for (let index = 0; index < units; index++) {
    const bag = log.unitFeatures(index).bag;
    let held = 0;
    for (const seed of seeds) if (contains(bag, seed)) held += 1 / statistics.documentFrequency(seed);
    if (held === 0) continue;
    for (const id of bag.ids) {
      if (contains(question, id)) continue;
      together.set(id, (together.get(id) ?? 0) + held);
      supports.set(id, (supports.get(id) ?? 0) + 1);
    }
  }
  const scored: [number, number][] = [];
  for (const [id, share] of together) {
    const frequency = statistics.documentFrequency(id);
    if (frequency > options.maxShare * units) continue;
    if (supports.get(id)! < options.minSupport) continue;
    const weight = options.mode === 'pmi' ? share * Math.log((share * units) / (seeds.length * frequency)) : share * statistics.idf(id);
    if (weight > 0) scored.push([id, weight]);
  }
  scored.sort((left, right) => right[1] - left[1] || left[0] - right[0]);
  const kept = scored.slice(0, options.terms).sort((left, right) => left[0] - right[0]);
  return normalize({ ids: Int32Array.from(kept, ([id]) => id), weights: Float32Array.from(kept, ([, weight]) => weight) });
}

/** Letters a variant may add to or drop from a question term ("mentor" → "mentorship"). */
const MAX_AFFIX = 5;
/** The shortest term that is given variants, and the shortest variant. */
const MIN_VARIANT_LENGTH = 4;

/**
 * The conversation's spelling variants of a question's terms: terms the units hold that extend a
 * question term, or that it extends, by up to five letters ("mentorship" ↔ "mentor", "dancer" ↔
 * "danc"), and the two halves of a question term written as one word ("roadtrip" → "road",
 * "trip"). Each weighed as its question term. A unit vector (empty: none). @internal
 */
export function spellingVariants(log: SessionLog, question: TermBag, maxAffix = MAX_AFFIX): SparseVector {
  const vocabulary = log.vectoriser.vocabulary;
  const { statistics } = log;
  const terms: { id: number; term: string }[] = [];
  for (const id of question.ids) {
    const term = vocabulary.termOf(id);
    if (term !== undefined && term.length >= MIN_VARIANT_LENGTH && /^[a-z]+$/.test(term)) terms.push({ id, term });
  }
  if (terms.length === 0) return { ids: new Int32Array(0), weights: new Float32Array(0) };
  const weights = new Map<number, number>();
  for (let id = 0; id < vocabulary.size; id++) {
    if (contains(question, id) || statistics.documentFrequency(id) === 0) continue;
    const term = vocabulary.termOf(id)!;
    if (term.length < MIN_VARIANT_LENGTH) continue;
    for (const seed of terms) {
      const longer = term.length > seed.term.length ? term : seed.term;
      const shorter = longer === term ? seed.term : term;
      if (longer.length - shorter.length <= maxAffix && longer.startsWith(shorter)) weights.set(id, 1);
    }
  }
  // Compounds: a question term that is two of the conversation's terms run together.
  for (const seed of terms) {
    for (let cut = 3; cut <= seed.term.length - 3; cut++) {
      const head = vocabulary.lookup(seed.term.slice(0, cut));
      const tail = vocabulary.lookup(seed.term.slice(cut));
      if (head !== undefined && tail !== undefined && statistics.documentFrequency(head) > 0 && statistics.documentFrequency(tail) > 0) {
        weights.set(head, 1);
        weights.set(tail, 1);
      }
    }
  }
  const kept = [...weights].sort((left, right) => left[0] - right[0]);
  return normalize({ ids: Int32Array.from(kept, ([id]) => id), weights: Float32Array.from(kept, ([, weight]) => weight) });
}
