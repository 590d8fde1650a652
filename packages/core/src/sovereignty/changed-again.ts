import type { CallObservation } from './assistant-turn-hashes.js';
import { jaccard } from './near-repeat-features.js';

/**
 * Lines (or pages, or any whole number in a call's arguments) within which two reads ask for the
 * same place: `open f 120` and `goto 122` re-read it; `goto 59` and `goto 86` ask for two places
 * (the same output then means a short file shown whole, not a re-read).
 */
export const SAME_PLACE_DISTANCE = 10;

/** Whether two calls ask for the same place (@internal): every number of each is near one of the other's (a call naming no number names no place). */
export function samePlace(a: readonly number[], b: readonly number[]): boolean {
  if (a.length === 0 || b.length === 0) return true;
  const near = (from: readonly number[], to: readonly number[]): boolean => from.every((number) => to.some((other) => Math.abs(number - other) <= SAME_PLACE_DISTANCE));
  return near(a, b) && near(b, a);
}

/**
 * Share of their argument terms (Jaccard) two changes naming no number must have in common to be
 * the same change made again: with no line, id or count to tell the place, the wording tells it (a
 * task handed to another worker in other words is a new change; an install retried is not).
 */
export const SAME_CHANGE_WORDING = 0.5;

/** @internal Whether a change is the previous change made again: the same tool, asking for the same place (see {@link SAME_PLACE_DISTANCE}); naming no number, worded alike ({@link SAME_CHANGE_WORDING}). */
export function changedAgain(previous: CallObservation | undefined, call: CallObservation): boolean {
  if (previous === undefined) return false;
  const [before, now] = [previous.argumentNumbers ?? [], call.argumentNumbers ?? []];
  if (before.length > 0 || now.length > 0) return samePlace(before, now);
  return jaccard(previous.argumentTerms ?? [], call.argumentTerms ?? []) >= SAME_CHANGE_WORDING;
}
