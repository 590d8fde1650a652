import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { ScoringWeights } from '../options/index.js';
import { UnitTraits, type Unit, type WorkPhase } from '../log/index.js';
import { scoreCombiner, structuralParts, type TurnSignals } from './score-unit.js';
import { unitScores } from './unit-scores.js';

// A full rescore scores all units signal by signal (unitScores); every score must be the one the
// parts object and the combiner give for that unit, bit for bit, whatever the order of the
// weights' keys, the signals on, the units asked for (any subset, repeats) and the half-life.

const SIGNALS: readonly (keyof ScoringWeights)[] = ['intentMatch', 'keywordOverlap', 'phaseMatch', 'toolRelevance', 'planRelevance', 'causalProximity', 'temporalDecay', 'roleImportance'];
const PHASES: readonly WorkPhase[] = ['converse', 'explore', 'act', 'verify', 'recover'];
const KINDS: readonly Unit['kind'][] = ['system', 'user', 'assistant', 'tool-exchange', 'orphan-result'];
const TOOLS = ['read_file', 'run_tests', 'search', 'edit_file', '', 'a\u0000b', 'a', 'b', '["a"]'];

const unitInput = fc.record({
  // A kind or phase a log never gives (read from the unit, not from its trait codes) now and then.
  kind: fc.oneof({ arbitrary: fc.constantFrom(...KINDS), weight: 9 }, { arbitrary: fc.constant('mystery' as Unit['kind']), weight: 1 }),
  calls: fc.array(fc.constantFrom(...TOOLS).map((name) => ({ id: 'c', name, answer: 0 })), { maxLength: 3 }),
  isError: fc.boolean(),
  pinned: fc.boolean(),
  workPhase: fc.oneof({ arbitrary: fc.constantFrom(...PHASES), weight: 9 }, { arbitrary: fc.constant('mystery' as WorkPhase), weight: 1 }),
});
const turnInput = fc.record({
  order: fc.shuffledSubarray([...SIGNALS], { minLength: SIGNALS.length }),
  weights: fc.array(fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 5, noNaN: true })), { minLength: SIGNALS.length, maxLength: SIGNALS.length }),
  active: fc.array(fc.boolean(), { minLength: SIGNALS.length, maxLength: SIGNALS.length }),
  workPhase: fc.constantFrom(...PHASES),
  planned: fc.subarray(TOOLS),
  recent: fc.subarray(TOOLS),
  proximity: fc.array(fc.tuple(fc.nat({ max: 80 }), fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 20 }),
  lastUnit: fc.nat({ max: 80 }),
  halfLifeUnits: fc.oneof(fc.integer({ min: 1, max: 500 }), fc.double({ min: 0.5, max: 500, noNaN: true })),
});

describe('unitScores', () => {
  test.prop([turnInput, fc.array(unitInput, { minLength: 1, maxLength: 60 }), fc.array(fc.nat(), { maxLength: 80 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 80, maxLength: 80 })], { numRuns: 300 })(
    'gives every unit the score the combiner gives over its structural parts, bit for bit',
    (input, unitInputs, picks, matches) => {
      const units = unitInputs.map((unit, index) => ({ ...unit, index }) as unknown as Unit);
      const weights = Object.fromEntries(input.order.map((name) => [name, input.weights[SIGNALS.indexOf(name)]])) as unknown as ScoringWeights;
      const active = Object.fromEntries(SIGNALS.map((name, index) => [name, input.active[index]])) as Record<keyof ScoringWeights, boolean>;
      const turn: TurnSignals = {
        weights,
        active,
        workPhase: input.workPhase,
        plannedTools: new Set(input.planned),
        recentTools: new Set(input.recent),
        proximity: new Map(input.proximity),
        lastUnit: input.lastUnit,
        halfLifeUnits: input.halfLifeUnits,
      };
      const indexes = picks.length > 0 ? picks.map((pick) => pick % units.length) : units.map((_, index) => index);
      const intent = Float64Array.from(indexes, (_, offset) => matches[offset % matches.length]!);
      const keyword = Float64Array.from(indexes, (_, offset) => matches[(offset * 7 + 3) % matches.length]!);
      const scores = unitScores(turn, units, indexes, intent, keyword);
      // Read from the units' traits (a session log's codes) instead of their objects: the same scores.
      const traits = new UnitTraits();
      for (const unit of units) traits.record(unit);
      expect([...unitScores(turn, units, indexes, intent, keyword, traits)]).toEqual([...scores]);
      const combine = scoreCombiner(turn.weights, turn.active);
      indexes.forEach((index, offset) => {
        const parts = structuralParts(units[index]!, turn);
        parts.intentMatch = intent[offset]!;
        parts.keywordOverlap = keyword[offset]!;
        expect(scores[offset]).toBe(combine(parts));
      });
    },
  );
});
