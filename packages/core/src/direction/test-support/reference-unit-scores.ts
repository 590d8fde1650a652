import type { Unit } from '../../log/index.js';
import type { TurnSignals } from '../score-unit.js';
import { unitScorer } from './reference-unit-scorer.js';

/** Test support: a full rescore unit by unit, through the parts object and the combiner (as before `unitScores`). */
export function unitScores(turn: TurnSignals, units: readonly Unit[], indexes: readonly number[], intent: Float64Array, keyword: Float64Array): Float64Array {
  const score = unitScorer(turn);
  return Float64Array.from(indexes, (index, offset) => score(units[index]!, intent[offset]!, keyword[offset]!));
}
