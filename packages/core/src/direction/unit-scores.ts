import { ERROR_TRAIT, PINNED_TRAIT, UNIT_KIND_CODES, WORK_PHASE_CODES, workPhaseMatch, type UnitTraits } from '../log/index.js';
import type { Unit, WorkPhase } from '../log/index.js';
import { ROLE_IMPORTANCE, type TurnSignals } from './score-unit.js';
import { activeSlots, decayTable, proximityByIndex, recency } from './scoring-tables.js';
import { toolKeysOf } from './tool-keys.js';

/**
 * The scores of many units at once (a full rescore): for each, what `unitScorer(turn)(unit,
 * intent[offset], keyword[offset])` returns, bit for bit — the same products added in the same
 * order, divided and clamped the same way — in one pass that reads each unit once, with the
 * tool and plan relevance of each distinct set of call names, each phase match and each
 * recency computed once.
 *
 * @param turn - The turn's signals.
 * @param units - The log's units (each unit's `index` is its place in it).
 * @param indexes - The units to score.
 * @param intent - Intent match by offset in `indexes`.
 * @param keyword - Keyword overlap by offset in `indexes`.
 * @param traits - The log's unit traits (kind, flags, work phase by unit index), when they cover
 *   every unit of `units` and each unit's `index` is its place there (a session log's units): the
 *   units' objects are then not read at all.
 * @returns Scores by offset in `indexes`.
 * @internal
 */
export function unitScores(turn: TurnSignals, units: readonly Unit[], indexes: readonly number[], intent: Float64Array, keyword: Float64Array, traits?: UnitTraits): Float64Array {
  const { values, slots, weightSum } = activeSlots(turn);
  const count = indexes.length;
  const scores = new Float64Array(count);
  if (weightSum === 0) return scores;
  const { plannedTools, recentTools } = turn;
  const tools = toolKeysOf(units);
  // Per key: tool relevance and plan relevance (NaN: not computed yet this turn).
  const toolRelevance = new Float64Array(tools.names.length).fill(Number.NaN);
  const planRelevance = new Float64Array(tools.names.length);
  const relevanceOf = (key: number): void => {
    let tool = 0;
    let plan = 0;
    for (const name of tools.names[key]!) {
      if (plannedTools.has(name)) plan = 1;
      if (plannedTools.has(name)) tool = 1;
      else if (recentTools.has(name)) tool = Math.max(tool, 0.6);
    }
    toolRelevance[key] = tool;
    planRelevance[key] = plan;
  };
  const byTraits = traits !== undefined && traits.size === units.length ? traits : undefined;
  // By trait code: each phase's match and each kind's role importance, computed once (NaN: not yet).
  const phaseMatches = new Float64Array(WORK_PHASE_CODES.length).fill(Number.NaN);
  const kindRoles = Float64Array.from(UNIT_KIND_CODES, (kind) => ROLE_IMPORTANCE[kind] ?? Number.NaN);
  const phases = new Map<WorkPhase, number>();
  let lastPhase: WorkPhase | undefined;
  let lastPhaseMatch = 0;
  const decay = decayTable(turn.halfLifeUnits);
  // By unit index when most units are scored (a full rescore); a few read the map.
  const proximity = count * 4 >= units.length ? proximityByIndex(turn.proximity) : undefined;
  // Which signals the turn reads, and each slot's place in `signals` (slot 8: not a signal, NaN).
  const on = new Uint8Array(9);
  for (const slot of slots) on[slot < 0 ? 8 : slot] = 1;
  const places = Int32Array.from(slots, (slot) => (slot < 0 ? 8 : slot));
  const signals = new Float64Array(9);
  signals[8] = Number.NaN;
  for (let offset = 0; offset < count; offset++) {
    // Where the unit is in `units`, and its index (the same for a session log's units).
    const at = indexes[offset]!;
    const index = byTraits === undefined ? units[at]!.index : at;
    signals[0] = intent[offset]!;
    signals[1] = keyword[offset]!;
    if (on[2] === 1) {
      const code = byTraits === undefined ? 255 : byTraits.phases[index]!;
      if (code < WORK_PHASE_CODES.length) {
        let match = phaseMatches[code]!;
        if (Number.isNaN(match)) phaseMatches[code] = match = workPhaseMatch(WORK_PHASE_CODES[code]!, turn.workPhase);
        signals[2] = match;
      } else {
        const phase = units[at]!.workPhase;
        if (phase !== lastPhase) {
          let match = phases.get(phase);
          if (match === undefined) phases.set(phase, (match = workPhaseMatch(phase, turn.workPhase)));
          lastPhase = phase;
          lastPhaseMatch = match;
        }
        signals[2] = lastPhaseMatch;
      }
    }
    if (on[3] === 1 || on[4] === 1) {
      const key = tools.keys[index]!;
      if (Number.isNaN(toolRelevance[key]!)) relevanceOf(key);
      signals[3] = toolRelevance[key]!;
      signals[4] = planRelevance[key]!;
    }
    if (on[5] === 1) signals[5] = proximity === undefined ? (turn.proximity.get(index) ?? 0) : index < proximity.length ? proximity[index]! : 0;
    if (on[6] === 1) signals[6] = recency(decay, Math.max(0, turn.lastUnit - index));
    if (on[7] === 1) {
      const kind = byTraits === undefined ? 255 : byTraits.kinds[index]!;
      if (kind < UNIT_KIND_CODES.length) {
        const flags = byTraits!.flags[index]!;
        signals[7] = (flags & PINNED_TRAIT) !== 0 ? 1 : (flags & ERROR_TRAIT) !== 0 ? 0.7 : kindRoles[kind]!;
      } else {
        // An unknown kind reads as undefined in the parts object: its product is NaN.
        const unit = units[at]!;
        signals[7] = unit.pinned ? 1 : unit.isError ? 0.7 : (ROLE_IMPORTANCE[unit.kind] ?? Number.NaN);
      }
    }
    let sum = 0;
    for (let place = 0; place < places.length; place++) sum += values[place]! * signals[places[place]!]!;
    const score = sum / weightSum;
    scores[offset] = score < 0 ? 0 : score > 1 ? 1 : score;
  }
  return scores;
}
