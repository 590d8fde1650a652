import { cosine, type SparseVector } from '../text/index.js';
import type { DeadEnd } from './dead-end-types.js';

/**
 * The alignment an outcome is recorded with (CDA's hot-experience test): the cosine between the
 * session's current direction and the approach of the dead end the outcome is about (by its id or
 * a source message id), so the spread of alignments across hits is real and σ < 0.15 can fail.
 *
 * @param deadEnds - The registry (`tracker.list()`).
 * @param id - A dead end's id, or the id of a message in its `sourceIds`.
 * @param direction - The session's current direction.
 * @returns A cosine in [0, 1], or undefined when no dead end matches `id`.
 *
 * @example
 * ```ts
 * tracker.recordOutcome(id, 'hit', experienceAlignment(tracker.list(), id, direction.current));
 * ```
 */
export function experienceAlignment(deadEnds: readonly DeadEnd[], id: string, direction: SparseVector): number | undefined {
  const deadEnd = deadEnds.find((each) => each.id === id) ?? deadEnds.find((each) => each.sourceIds.includes(id));
  if (!deadEnd) return undefined;
  return Math.max(0, Math.min(1, cosine(direction, { ids: Int32Array.from(deadEnd.vector.ids), weights: Float32Array.from(deadEnd.vector.weights) })));
}
