import type { Unit } from '../../log/index.js';
import { scoreCombiner, structuralParts, type TurnSignals } from '../score-unit.js';

/**
 * Test support: a full rescore's per-unit score as it was computed before `unitScorer` (issue 17):
 * the parts object of every signal, then the combiner. The reference the fast scorer is checked
 * against, unit by unit and view by view.
 */
export function unitScorer(turn: TurnSignals): (unit: Unit, intentMatch: number, keywordOverlap: number) => number {
  const combine = scoreCombiner(turn.weights, turn.active);
  return (unit, intentMatch, keywordOverlap) => {
    const parts = structuralParts(unit, turn);
    parts.intentMatch = intentMatch;
    parts.keywordOverlap = keywordOverlap;
    return combine(parts);
  };
}
