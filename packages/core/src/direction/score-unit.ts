import type { ScoringWeights } from '../options/index.js';
import { workPhaseMatch } from '../log/index.js';
import type { WorkPhase } from '../log/index.js';
import type { Unit } from '../log/index.js';

/** The eight signals of a unit's score, each in [0, 1]. */
export type ScoreParts = Record<keyof ScoringWeights, number>;

/** Which signals apply this turn; inactive ones leave the normalising sum (INV-05). @internal */
export type ActiveSignals = Record<keyof ScoringWeights, boolean>;

/** What a turn scores units against. @internal */
export interface TurnSignals {
  readonly weights: ScoringWeights;
  readonly active: ActiveSignals;
  readonly workPhase: WorkPhase;
  readonly plannedTools: ReadonlySet<string>;
  readonly recentTools: ReadonlySet<string>;
  /** Graph proximity to the focus, by unit index (absent: 0). */
  readonly proximity: ReadonlyMap<number, number>;
  readonly lastUnit: number;
  readonly halfLifeUnits: number;
}

/** How much a unit counts by its role, before relevance. @internal */
export const ROLE_IMPORTANCE: Record<Unit['kind'], number> = {
  system: 1,
  user: 0.8,
  assistant: 0.5,
  'tool-exchange': 0.45,
  'orphan-result': 0.5,
};

/**
 * Combines signals into a score in [0, 1]: the weighted mean over the active signals only, so
 * turning a signal off (or it not applying this turn) does not shrink every score (CAM INV-05).
 */
export function combineScore(parts: ScoreParts, weights: ScoringWeights, active: ActiveSignals): number {
  let sum = 0;
  let weightSum = 0;
  for (const name of Object.keys(weights) as (keyof ScoringWeights)[]) {
    if (!active[name] || weights[name] <= 0) continue;
    sum += weights[name] * parts[name];
    weightSum += weights[name];
  }
  if (weightSum === 0) return 0;
  const score = sum / weightSum;
  return score < 0 ? 0 : score > 1 ? 1 : score;
}

/**
 * {@link combineScore} with the active weights resolved once, for scoring many units in a turn.
 * @internal
 */
export function scoreCombiner(weights: ScoringWeights, active: ActiveSignals): (parts: ScoreParts) => number {
  const names = (Object.keys(weights) as (keyof ScoringWeights)[]).filter((name) => active[name] && weights[name] > 0);
  const values = names.map((name) => weights[name]);
  let weightSum = 0;
  for (const value of values) weightSum += value;
  return (parts) => {
    if (weightSum === 0) return 0;
    let sum = 0;
    for (let index = 0; index < names.length; index++) sum += values[index]! * parts[names[index]!];
    const score = sum / weightSum;
    return score < 0 ? 0 : score > 1 ? 1 : score;
  };
}

/**
 * The signals of one unit that do not depend on the query: phase, tools, graph proximity,
 * recency and role. `intentMatch` and `keywordOverlap` are filled in by the caller.
 * @internal
 */
export function structuralParts(unit: Unit, turn: TurnSignals): ScoreParts {
  let toolRelevance = 0;
  let planRelevance = 0;
  for (const call of unit.calls) {
    if (turn.plannedTools.has(call.name)) planRelevance = 1;
    if (turn.plannedTools.has(call.name)) toolRelevance = 1;
    else if (turn.recentTools.has(call.name)) toolRelevance = Math.max(toolRelevance, 0.6);
  }
  const age = Math.max(0, turn.lastUnit - unit.index);
  return {
    intentMatch: 0,
    keywordOverlap: 0,
    phaseMatch: workPhaseMatch(unit.workPhase, turn.workPhase),
    toolRelevance,
    planRelevance,
    causalProximity: turn.proximity.get(unit.index) ?? 0,
    temporalDecay: Math.pow(0.5, age / turn.halfLifeUnits),
    roleImportance: unit.pinned ? 1 : unit.isError ? 0.7 : ROLE_IMPORTANCE[unit.kind],
  };
}
