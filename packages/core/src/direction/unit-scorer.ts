import type { ScoringWeights } from '../options/index.js';
import { workPhaseMatch } from '../log/index.js';
import type { Unit } from '../log/index.js';
import { ROLE_IMPORTANCE, type TurnSignals } from './score-unit.js';

/** The signals a scorer reads, by slot. */
const SLOTS: Record<keyof ScoringWeights, number> = {
  intentMatch: 0,
  keywordOverlap: 1,
  phaseMatch: 2,
  toolRelevance: 3,
  planRelevance: 4,
  causalProximity: 5,
  temporalDecay: 6,
  roleImportance: 7,
};

/**
 * A unit's score for one turn, given its intent match and keyword overlap: what
 * `scoreCombiner(weights, active)(structuralParts(unit, turn) with the two matches)` returns, bit
 * for bit (the same products added in the same order), without building the parts object per
 * unit or computing the signals that are off this turn (a question turns off recency, phase and
 * role; a full rescore scores every unit, twice for a question). @internal
 */
export function unitScorer(turn: TurnSignals): (unit: Unit, intentMatch: number, keywordOverlap: number) => number {
  const { weights, active } = turn;
  const names = (Object.keys(weights) as (keyof ScoringWeights)[]).filter((name) => active[name] && weights[name] > 0);
  const values = names.map((name) => weights[name]);
  // A name that is not a signal reads as undefined in the parts object, as it does here (-1).
  const slots = names.map((name) => (Object.hasOwn(SLOTS, name) ? SLOTS[name] : -1));
  let weightSum = 0;
  for (const value of values) weightSum += value;
  return (unit, intentMatch, keywordOverlap) => {
    if (weightSum === 0) return 0;
    let sum = 0;
    for (let index = 0; index < slots.length; index++) sum += values[index]! * signal(slots[index]!, unit, turn, intentMatch, keywordOverlap)!;
    const score = sum / weightSum;
    return score < 0 ? 0 : score > 1 ? 1 : score;
  };
}

/** One signal of a unit, as `structuralParts` computes it. */
function signal(slot: number, unit: Unit, turn: TurnSignals, intentMatch: number, keywordOverlap: number): number | undefined {
  switch (slot) {
    case 0:
      return intentMatch;
    case 1:
      return keywordOverlap;
    case 2:
      return workPhaseMatch(unit.workPhase, turn.workPhase);
    case 3: {
      let toolRelevance = 0;
      for (const call of unit.calls) {
        if (turn.plannedTools.has(call.name)) toolRelevance = 1;
        else if (turn.recentTools.has(call.name)) toolRelevance = Math.max(toolRelevance, 0.6);
      }
      return toolRelevance;
    }
    case 4: {
      for (const call of unit.calls) if (turn.plannedTools.has(call.name)) return 1;
      return 0;
    }
    case 5:
      return turn.proximity.get(unit.index) ?? 0;
    case 6:
      return Math.pow(0.5, Math.max(0, turn.lastUnit - unit.index) / turn.halfLifeUnits);
    case 7:
      return unit.pinned ? 1 : unit.isError ? 0.7 : ROLE_IMPORTANCE[unit.kind];
    default:
      return undefined;
  }
}
