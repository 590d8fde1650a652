import { DIRECTION_INERTIA } from './direction-tracker.js';
import type { DenseVector } from './dense-vector.js';

/** Weights of the latest user message and of the last unit in an agent turn's dense intent, as in the lexical D_t. */
const USER_WEIGHT = 0.7;
const LAST_UNIT_WEIGHT = 0.3;

function unitLength(vector: DenseVector): number[] {
  // hypot scales before squaring: no underflow for tiny components.
  const norm = Math.hypot(...vector);
  return norm === 0 || !Number.isFinite(norm) ? Array.from(vector) : vector.map((value) => value / norm);
}

/**
 * The session direction D_t in the embedder's dense space, moved like the lexical one: each
 * agent turn's intent (the latest user message at 0.7, the last unit at 0.3, each at unit length)
 * blended with the previous direction by the same inertia. Deterministic; one vector of state.
 * @internal
 */
export class DenseDirection {
  private current: number[] | undefined;

  /**
   * Moves D_t toward this turn's intent and returns it (`undefined` while neither part is embedded).
   *
   * @param user - The latest user message's embedding, if any.
   * @param last - The last unit's embedding, if any and not the user message.
   */
  update(user: DenseVector | undefined, last: DenseVector | undefined): DenseVector | undefined {
    const parts = [user && { vector: unitLength(user), weight: USER_WEIGHT }, last && { vector: unitLength(last), weight: LAST_UNIT_WEIGHT }].filter((part) => part !== undefined);
    if (parts.length === 0) return this.current;
    const dimensions = parts[0]!.vector.length;
    if (parts.some((part) => part.vector.length !== dimensions) || (this.current && this.current.length !== dimensions)) {
      // Another model's vectors: start over in its space.
      this.current = undefined;
      return undefined;
    }
    const total = parts.reduce((sum, part) => sum + part.weight, 0);
    const intent = new Array<number>(dimensions).fill(0);
    for (const part of parts) for (let index = 0; index < dimensions; index++) intent[index]! += (part.weight / total) * part.vector[index]!;
    this.current = this.current ? this.current.map((value, index) => DIRECTION_INERTIA * value + (1 - DIRECTION_INERTIA) * intent[index]!) : intent;
    return this.current;
  }
}
