import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { ScoringWeights } from '../options/index.js';
import type { Unit, WorkPhase } from '../log/index.js';
import { scoreCombiner, structuralParts, type TurnSignals } from './score-unit.js';
import { unitScorer } from './unit-scorer.js';

// The per-unit scorer of a full rescore (issue 17) skips the parts object and the signals that
// are off; every score must still be the one the parts object and the combiner give, bit for bit.

const SIGNALS: readonly (keyof ScoringWeights)[] = ['intentMatch', 'keywordOverlap', 'phaseMatch', 'toolRelevance', 'planRelevance', 'causalProximity', 'temporalDecay', 'roleImportance'];
const PHASES: readonly WorkPhase[] = ['converse', 'explore', 'act', 'verify', 'recover'];
const KINDS: readonly Unit['kind'][] = ['system', 'user', 'assistant', 'tool-exchange', 'orphan-result'];
const TOOLS = ['read_file', 'run_tests', 'search', 'edit_file'];

const record = <T>(value: fc.Arbitrary<T>) => fc.tuple(...SIGNALS.map(() => value)).map((values) => Object.fromEntries(SIGNALS.map((name, index) => [name, values[index]])) as Record<keyof ScoringWeights, T>);
const unitArbitrary = fc.record({
  index: fc.nat({ max: 400 }),
  kind: fc.constantFrom(...KINDS),
  calls: fc.array(fc.constantFrom(...TOOLS).map((name) => ({ id: 'c', name, answer: 0 })), { maxLength: 3 }),
  isError: fc.boolean(),
  pinned: fc.boolean(),
  workPhase: fc.constantFrom(...PHASES),
});
const turnArbitrary = fc.record({
  weights: record(fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 5, noNaN: true }))),
  active: record(fc.boolean()),
  workPhase: fc.constantFrom(...PHASES),
  planned: fc.subarray(TOOLS),
  recent: fc.subarray(TOOLS),
  proximity: fc.array(fc.tuple(fc.nat({ max: 400 }), fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 40 }),
  lastUnit: fc.nat({ max: 400 }),
  halfLifeUnits: fc.double({ min: 1, max: 500, noNaN: true }),
});

describe('unitScorer', () => {
  test.prop([turnArbitrary, fc.array(fc.tuple(unitArbitrary, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 30 })], { numRuns: 300 })(
    'scores every unit as the combiner over its structural parts does, bit for bit',
    (turnInput, cases) => {
      const turn: TurnSignals = {
        weights: turnInput.weights,
        active: turnInput.active,
        workPhase: turnInput.workPhase,
        plannedTools: new Set(turnInput.planned),
        recentTools: new Set(turnInput.recent),
        proximity: new Map(turnInput.proximity),
        lastUnit: turnInput.lastUnit,
        halfLifeUnits: turnInput.halfLifeUnits,
      };
      const combine = scoreCombiner(turn.weights, turn.active);
      const score = unitScorer(turn);
      for (const [unitInput, intentMatch, keywordOverlap] of cases) {
        const unit = unitInput as unknown as Unit;
        const parts = structuralParts(unit, turn);
        parts.intentMatch = intentMatch;
        parts.keywordOverlap = keywordOverlap;
        expect(score(unit, intentMatch, keywordOverlap)).toBe(combine(parts));
      }
    },
  );
});
