import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { ScoringWeights } from '../options/index.js';
import { combineScore, scoreCombiner, type ActiveSignals, type ScoreParts } from './score-unit.js';

const SIGNALS: readonly (keyof ScoringWeights)[] = ['intentMatch', 'keywordOverlap', 'phaseMatch', 'toolRelevance', 'planRelevance', 'causalProximity', 'temporalDecay', 'roleImportance'];

const record = <T>(value: fc.Arbitrary<T>) => fc.tuple(...SIGNALS.map(() => value)).map((values) => Object.fromEntries(SIGNALS.map((name, index) => [name, values[index]])) as Record<keyof ScoringWeights, T>);
const weightsArbitrary = record(fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 5, noNaN: true })));
const partsArbitrary = record(fc.double({ min: 0, max: 1, noNaN: true }));
const activeArbitrary = record(fc.boolean());

/** At least one signal is active with a positive weight. */
const live = (weights: ScoringWeights, active: ActiveSignals) => SIGNALS.some((name) => active[name] && weights[name] > 0);

describe('combineScore normalises by the sum of the active weights (CAM INV-05)', () => {
  test.prop([weightsArbitrary, activeArbitrary, fc.double({ min: 0, max: 1, noNaN: true })])(
    'when every active signal says v, the score is v whichever signals are active or weighted',
    (weights, active, v) => {
      fc.pre(live(weights, active));
      const parts = Object.fromEntries(SIGNALS.map((name) => [name, active[name] ? v : 0])) as ScoreParts;
      expect(combineScore(parts, weights, active)).toBeCloseTo(v, 9);
      expect(scoreCombiner(weights, active)(parts)).toBeCloseTo(v, 9);
    },
  );

  test.prop([weightsArbitrary, activeArbitrary, partsArbitrary, fc.constantFrom(...SIGNALS)])(
    'turning off a signal that scores at or above the rest never lowers the score; one below never raises it (the weighted mean of the rest)',
    (weights, active, parts, off) => {
      fc.pre(live(weights, active) && active[off] && weights[off] > 0);
      const without = { ...active, [off]: false };
      fc.pre(live(weights, without));
      const before = combineScore(parts, weights, active);
      const after = combineScore(parts, weights, without);
      if (parts[off] >= before) expect(after).toBeLessThanOrEqual(before + 1e-12);
      if (parts[off] <= before) expect(after).toBeGreaterThanOrEqual(before - 1e-12);
      // The rest's weighted mean, computed here from the definition.
      let sum = 0;
      let weightSum = 0;
      for (const name of SIGNALS) {
        if (!without[name] || weights[name] <= 0) continue;
        sum += weights[name] * parts[name];
        weightSum += weights[name];
      }
      expect(after).toBeCloseTo(sum / weightSum, 9);
    },
  );

  test.prop([weightsArbitrary, activeArbitrary, partsArbitrary])('the per-turn combiner gives the same score as combineScore, in [0, 1]', (weights, active, parts) => {
    const score = combineScore(parts, weights, active);
    expect(scoreCombiner(weights, active)(parts)).toBeCloseTo(score, 12);
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(1);
  });
});
