import type { ScoringWeights } from '../options/index.js';
import { workPhaseMatch } from '../log/index.js';
import type { Unit, WorkPhase } from '../log/index.js';
import { ROLE_IMPORTANCE, type TurnSignals } from './score-unit.js';
import { activeSlots, decayTable, recency, type DecayTable } from './scoring-tables.js';

/**
 * A unit's score for one turn, given its intent match and keyword overlap: what
 * `scoreCombiner(weights, active)(structuralParts(unit, turn) with the two matches)` returns, bit
 * for bit (the same products added in the same order), without building the parts object per
 * unit or computing the signals that are off this turn (a question turns off recency, phase and
 * role; a full rescore scores every unit, twice for a question). @internal
 */
export function unitScorer(turn: TurnSignals): (unit: Unit, intentMatch: number, keywordOverlap: number) => number {
  const { values, slots, weightSum } = activeSlots(turn);
  const memo: TurnMemo = { turn, phases: new Map(), decay: decayTable(turn.halfLifeUnits), lastPhase: undefined, lastPhaseMatch: 0 };
  return (unit, intentMatch, keywordOverlap) => {
    if (weightSum === 0) return 0;
    let sum = 0;
    for (let index = 0; index < slots.length; index++) sum += values[index]! * signal(slots[index]!, unit, memo, intentMatch, keywordOverlap)!;
    const score = sum / weightSum;
    return score < 0 ? 0 : score > 1 ? 1 : score;
  };
}

/**
 * A turn's signals with what it computes once for many units: phase matches by phase (the last
 * one read kept at hand: neighbours mostly share a phase) and recency by distance.
 */
interface TurnMemo {
  readonly turn: TurnSignals;
  readonly phases: Map<WorkPhase, number>;
  readonly decay: DecayTable;
  lastPhase: WorkPhase | undefined;
  lastPhaseMatch: number;
}

/** One signal of a unit, as `structuralParts` computes it. */
function signal(slot: number, unit: Unit, memo: TurnMemo, intentMatch: number, keywordOverlap: number): number | undefined {
  const { turn } = memo;
  switch (slot) {
    case 0:
      return intentMatch;
    case 1:
      return keywordOverlap;
    case 2: {
      const phase = unit.workPhase;
      if (phase === memo.lastPhase) return memo.lastPhaseMatch;
      let match = memo.phases.get(phase);
      if (match === undefined) memo.phases.set(phase, (match = workPhaseMatch(phase, turn.workPhase)));
      memo.lastPhase = phase;
      memo.lastPhaseMatch = match;
      return match;
    }
    case 3: {
      const { calls } = unit;
      let toolRelevance = 0;
      for (let offset = 0; offset < calls.length; offset++) {
        const name = calls[offset]!.name;
        if (turn.plannedTools.has(name)) toolRelevance = 1;
        else if (turn.recentTools.has(name)) toolRelevance = Math.max(toolRelevance, 0.6);
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
      return recency(memo.decay, Math.max(0, turn.lastUnit - unit.index));
    case 7:
      return unit.pinned ? 1 : unit.isError ? 0.7 : ROLE_IMPORTANCE[unit.kind];
    default:
      return undefined;
  }
}
