import type { Vocabulary } from '../text/index.js';

/** Letters a variant may add to or drop from a question term ("mentor" → "mentorship"). @internal */
export const MAX_AFFIX = 5;
/** The shortest question term given variants, and the shortest variant. @internal */
export const MIN_VARIANT_LENGTH = 4;
/**
 * Question terms whose candidates a vocabulary keeps; past it the kept lists are dropped and
 * rebuilt as questions ask for them (a long chat asks about ever new words).
 */
const MAX_KEPT_SEEDS = 256;

/** Whether `term` spells `seed` with up to {@link MAX_AFFIX} letters more or fewer at its end. @internal */
export function isSpellingOf(term: string, seed: string): boolean {
  if (term.length < MIN_VARIANT_LENGTH) return false;
  const [shorter, longer] = term.length > seed.length ? [seed, term] : [term, seed];
  return longer.length - shorter.length <= MAX_AFFIX && longer.startsWith(shorter);
}

/** Per vocabulary: how many of its ids were scanned, and each kept seed's candidate ids so far. */
interface Kept {
  scanned: number;
  candidates: Map<string, number[]>;
}

const kept = new WeakMap<Vocabulary, Kept>();

/**
 * The ids of the terms `vocabulary` holds that spell `seed` ({@link isSpellingOf}), in id order —
 * whatever their document frequency (the caller filters). The same ids a scan of the whole
 * vocabulary finds, but kept per seed: a vocabulary only grows (ids are never reused), so a later
 * call scans only the ids interned since, once for every kept seed. A steady turn asking the same
 * question again then costs the new terms of the turn, not the whole vocabulary. @internal
 */
export function spellingCandidates(vocabulary: Vocabulary, seed: string): readonly number[] {
  let state = kept.get(vocabulary);
  if (state === undefined) {
    state = { scanned: 0, candidates: new Map() };
    kept.set(vocabulary, state);
  }
  const size = vocabulary.size;
  if (state.scanned < size) {
    for (let id = state.scanned; id < size; id++) {
      const term = vocabulary.termOf(id)!;
      if (term.length < MIN_VARIANT_LENGTH) continue;
      for (const [known, ids] of state.candidates) if (isSpellingOf(term, known)) ids.push(id);
    }
    state.scanned = size;
  }
  let ids = state.candidates.get(seed);
  if (ids === undefined) {
    if (state.candidates.size >= MAX_KEPT_SEEDS) state.candidates.clear();
    ids = [];
    for (let id = 0; id < size; id++) if (isSpellingOf(vocabulary.termOf(id)!, seed)) ids.push(id);
    state.candidates.set(seed, ids);
  }
  return ids;
}
