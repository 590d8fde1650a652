import type { SessionLog } from '../log/index.js';
import type { ResolvedDialogueOptions } from '../options/index.js';
import { normalize, type SparseVector, type TermBag } from '../text/index.js';
import { unitTermIndex } from './unit-term-index.js';
import { MIN_VARIANT_LENGTH, spellingCandidates } from './spelling-candidates.js';

/** A question term held by more than this share of units says too little to expand. */
const MAX_SEED_SHARE = 0.1;
/**
 * A question term held by more units than this is not expanded either: it bounds the work of a
 * question in a long session (the units visited) whatever the share. @internal
 */
export const MAX_SEED_UNITS = 400;
/** Units that must hold a question term and a word for the word to count as coming with it. */
const MIN_SUPPORT = 2;
/** The shortest half of a question term written as one word ("roadtrip" → "road" + "trip"). */
const MIN_COMPOUND_PART = 3;

const EMPTY: SparseVector = Object.freeze({ ids: new Int32Array(0), weights: new Float32Array(0) });

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

/** A unit vector of the given terms and weights (ids put in ascending order). */
function vectorOf(weights: Map<number, number>): SparseVector {
  if (weights.size === 0) return EMPTY;
  const entries = [...weights].sort((left, right) => left[0] - right[0]);
  return normalize({ ids: Int32Array.from(entries, ([id]) => id), weights: Float32Array.from(entries, ([, weight]) => weight) });
}

/**
 * The conversation's own words that come with a question's terms: for each question term held by
 * at least two units but not by more than a tenth of them (nor by more than
 * {@link MAX_SEED_UNITS}), the words of the units that hold it,
 * each ranked by P(word | question term) × IDF(word), summed over the question's terms (words held
 * by more than a tenth of the units, or with a question term in fewer than two units, left out);
 * the `terms` best kept, weighed by that rank. "What events has Caroline participated in to help
 * children?" → the words that come with "children" where children are spoken of. Deterministic
 * (ties go to the word that sorts first). Visits only the units holding a question term (through
 * the term index: units with every tool call answered). A unit vector; empty when nothing
 * qualifies. @internal
 */
export function coOccurrenceExpansion(log: SessionLog, question: TermBag, terms: number): SparseVector {
  const { statistics } = log;
  const units = log.units.length;
  const seeds: number[] = [];
  for (const id of question.ids) {
    const frequency = statistics.documentFrequency(id);
    if (frequency >= MIN_SUPPORT && frequency <= MAX_SEED_SHARE * units && frequency <= MAX_SEED_UNITS) seeds.push(id);
  }
  if (seeds.length === 0 || terms <= 0) return EMPTY;
  // The units holding a seed, from the term index, visited in log order (the sums below add up
  // in the same order however the index was built).
  const index = unitTermIndex(log);
  const holding = new Set<number>();
  for (const seed of seeds) for (const unit of index.unitsHolding(log, seed)) holding.add(unit);
  const visited = Int32Array.from(holding).sort();
  // Per word: the sum over seeds of P(word | seed), and how many units hold it with a seed.
  const together = new Map<number, number>();
  const support = new Map<number, number>();
  for (const unit of visited) {
    const bag = log.unitFeatures(unit).bag;
    let held = 0;
    for (const seed of seeds) if (contains(bag, seed)) held += 1 / statistics.documentFrequency(seed);
    if (held === 0) continue;
    for (const id of bag.ids) {
      if (contains(question, id)) continue;
      together.set(id, (together.get(id) ?? 0) + held);
      support.set(id, (support.get(id) ?? 0) + 1);
    }
  }
  const vocabulary = log.vectoriser.vocabulary;
  const ranked: { id: number; term: string; weight: number }[] = [];
  for (const [id, probability] of together) {
    if (support.get(id)! < MIN_SUPPORT || statistics.documentFrequency(id) > MAX_SEED_SHARE * units) continue;
    ranked.push({ id, term: vocabulary.termOf(id) ?? '', weight: probability * statistics.idf(id) });
  }
  // Ties by the word itself, not its id: ids depend on what was interned first (earlier questions).
  ranked.sort((left, right) => right.weight - left.weight || (left.term < right.term ? -1 : left.term > right.term ? 1 : 0));
  return vectorOf(new Map(ranked.slice(0, terms).map(({ id, weight }) => [id, weight])));
}

/**
 * The conversation's spellings of a question's terms (of letters only, four or more): the terms
 * its units hold that extend a question term, or that it extends, by up to five letters
 * ("mentorship" ↔ "mentor", "dancer" ↔ "danc", stemmed), and the two halves of a question term
 * written as one word ("roadtrip" → "road", "trip"). Each weighs 1. A unit vector; empty when
 * there are none. Reads each question term's candidates from `spellingCandidates` (the
 * vocabulary's terms interned since the last question are scanned, not the whole vocabulary).
 * @internal
 */
export function spellingVariants(log: SessionLog, question: TermBag): SparseVector {
  const vocabulary = log.vectoriser.vocabulary;
  const { statistics } = log;
  const seeds: string[] = [];
  for (const id of question.ids) {
    const term = vocabulary.termOf(id);
    if (term !== undefined && term.length >= MIN_VARIANT_LENGTH && /^[a-z]+$/.test(term)) seeds.push(term);
  }
  if (seeds.length === 0) return EMPTY;
  const weights = new Map<number, number>();
  for (const seed of seeds) {
    for (const id of spellingCandidates(vocabulary, seed)) {
      if (statistics.documentFrequency(id) === 0 || contains(question, id)) continue;
      weights.set(id, 1);
    }
  }
  for (const seed of seeds) {
    for (let cut = MIN_COMPOUND_PART; cut <= seed.length - MIN_COMPOUND_PART; cut++) {
      const head = vocabulary.lookup(seed.slice(0, cut));
      const tail = vocabulary.lookup(seed.slice(cut));
      if (head === undefined || tail === undefined || statistics.documentFrequency(head) === 0 || statistics.documentFrequency(tail) === 0) continue;
      weights.set(head, 1);
      weights.set(tail, 1);
    }
  }
  return vectorOf(weights);
}

/**
 * The parts a question's direction blends in beside the question (`dialogue.variantShare`,
 * `dialogue.expansionShare`): the words that come with its terms and its spelling variants, each
 * with its weight; none when a share is 0 or nothing qualifies. @internal
 */
export function questionExpansion(log: SessionLog, question: TermBag, options: ResolvedDialogueOptions): { vector: SparseVector; weight: number }[] {
  const parts: { vector: SparseVector; weight: number }[] = [];
  if (options.expansionShare > 0) {
    const vector = coOccurrenceExpansion(log, question, options.expansionTerms);
    if (vector.ids.length > 0) parts.push({ vector, weight: options.expansionShare });
  }
  if (options.variantShare > 0) {
    const vector = spellingVariants(log, question);
    if (vector.ids.length > 0) parts.push({ vector, weight: options.variantShare });
  }
  return parts;
}
