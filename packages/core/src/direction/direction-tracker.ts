import { classifyGradient, type GradientKind } from './classify-gradient.js';
import { blend, cosine, distance, EMPTY_VECTOR, type SparseVector } from '../text/index.js';

/** Weight of the previous direction in D_t = f(intent_t, phase_t, D_{t−1}): attention inertia. */
export const DIRECTION_INERTIA = 0.5;

/** One turn of the direction history (alignment stability over turns). */
export interface DirectionSample {
  turn: number;
  /** 1 − cos(global intent, D_t). */
  drift: number;
  /** |D_t − D_{t−1}|, the semantic gradient's size. */
  gradient: number;
  /** How the direction moved: advancing, jump, regression, oscillation, or still. */
  kind: GradientKind;
}

/** Directions kept for classifying the gradient (regressions look this far back). */
const RECENT_DIRECTIONS = 8;

/**
 * Tracks the session's semantic direction D_t in the lexical space: the global intent (what the
 * session set out to do), the current direction, the previous one, and the drift per turn.
 * @internal
 */
export class DirectionTracker {
  global: SparseVector = EMPTY_VECTOR;
  current: SparseVector = EMPTY_VECTOR;
  previous: SparseVector = EMPTY_VECTOR;
  /** The direction the last full rescore used. */
  scoredWith: SparseVector | undefined;
  readonly history: DirectionSample[] = [];
  /** The last few directions, oldest first, for the gradient's kind. */
  recent: SparseVector[] = [];

  /** Moves the direction toward this turn's intent and records the sample. */
  update(intent: SparseVector, turn: number): DirectionSample {
    this.previous = this.current;
    this.current =
      this.current.ids.length === 0
        ? intent
        : blend([
            { vector: this.current, weight: DIRECTION_INERTIA },
            { vector: intent, weight: 1 - DIRECTION_INERTIA },
          ]);
    this.recent.push(this.current);
    if (this.recent.length > RECENT_DIRECTIONS) this.recent.shift();
    const sample = {
      turn,
      drift: this.global.ids.length === 0 ? 0 : 1 - cosine(this.global, this.current),
      gradient: distance(this.current, this.previous),
      kind: classifyGradient(this.recent, this.history.slice(-2).map((entry) => entry.kind)),
    };
    this.history.push(sample);
    return sample;
  }

  /** 1 − cos between a scoring direction and the one of the last full rescore (1 when none). */
  deltaSinceScored(direction: SparseVector): number {
    if (this.scoredWith === undefined) return 1;
    if (direction.ids.length === 0 && this.scoredWith.ids.length === 0) return 0;
    return 1 - cosine(direction, this.scoredWith);
  }
}
