import { cosine, type SparseVector } from '../text/index.js';

/**
 * How the direction moved this turn (CDA 2.3: the semantic gradient G = dD/dt):
 * - `advancing` — a modest step that does not head back to where the session was;
 * - `jump` — a large step to new ground (a topic shift);
 * - `regression` — a step back toward a direction the session had a few turns ago;
 * - `oscillation` — back and forth: closer to two turns ago than to last turn, again;
 * - `still` — no measurable movement (G ≈ 0, which may be deep work or a gradient trap).
 */
export type GradientKind = 'still' | 'advancing' | 'jump' | 'regression' | 'oscillation';

/** Below this change (1 − cos) the direction is still. */
export const STILL_CHANGE = 0.02;
/** Above this change (1 − cos) a step is a jump. */
export const JUMP_CHANGE = 0.5;
/** How much closer to an older direction than the last one a step must come to be a return. */
const RETURN_MARGIN = 0.05;

/**
 * Classifies the latest step of the direction from its recent history, newest last (the current
 * direction is the last entry). Deterministic, in the engine's vector space.
 */
export function classifyGradient(history: readonly SparseVector[], previousKinds: readonly GradientKind[] = []): GradientKind {
  const current = history[history.length - 1];
  const previous = history[history.length - 2];
  if (!current || !previous) return 'still';
  const change = 1 - cosine(current, previous);
  if (change < STILL_CHANGE) return 'still';
  const twoBack = history[history.length - 3];
  if (twoBack && cosine(current, twoBack) > cosine(current, previous) + RETURN_MARGIN) {
    const lastKind = previousKinds[previousKinds.length - 1];
    if (lastKind === 'regression' || lastKind === 'oscillation') return 'oscillation';
  }
  for (let back = 3; back < history.length; back++) {
    const older = history[history.length - 1 - back]!;
    if (cosine(current, older) > cosine(previous, older) + RETURN_MARGIN && cosine(current, older) > 1 - JUMP_CHANGE) return 'regression';
  }
  if (twoBack && cosine(current, twoBack) > cosine(current, previous) + RETURN_MARGIN) return 'regression';
  return change > JUMP_CHANGE ? 'jump' : 'advancing';
}
