import { DIRECTION_INERTIA } from './direction-tracker.js';
import type { DenseVector } from './dense-vector.js';

function unitLength(vector: DenseVector): number[] {
  // Scaled by the largest component first, so denormal inputs still come out at length 1.
  let largest = 0;
  for (const value of vector) largest = Math.max(largest, Math.abs(value));
  if (largest === 0 || !Number.isFinite(largest)) return vector.map(() => 0);
  const scaled = vector.map((value) => value / largest);
  const norm = Math.hypot(...scaled);
  return scaled.map((value) => value / norm);
}

/**
 * The session direction D_t in the embedder's dense space: each new user message (a new intent)
 * moves it, blended with the previous direction at the lexical tracker's inertia; between user
 * messages it holds still, so agent steps that only add tool calls and results do not reshuffle
 * the view (prefix stability). Deterministic; one vector of state.
 * @internal
 */
export class DenseDirection {
  private current: number[] | undefined;
  private lastUser: number | undefined;

  /**
   * Moves D_t toward a user message's embedding the first time it is seen, and returns D_t
   * (`undefined` until a user message is embedded).
   *
   * @param user - The latest user message's embedding, if it is embedded.
   * @param userIndex - Its unit index (the same index again does not move D_t).
   */
  update(user: DenseVector | undefined, userIndex: number): DenseVector | undefined {
    if (!user || userIndex === this.lastUser) return this.current;
    const intent = unitLength(user);
    if (this.current && this.current.length !== intent.length) this.current = undefined; // another model's vectors: start over
    this.lastUser = userIndex;
    this.current = this.current ? this.current.map((value, index) => DIRECTION_INERTIA * value + (1 - DIRECTION_INERTIA) * intent[index]!) : intent;
    return this.current;
  }
}
