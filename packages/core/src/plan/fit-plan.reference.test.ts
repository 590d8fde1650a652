import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { COMPRESSED_VALUE, degradeToTarget, upgradeToTarget, type FitInput } from './fit-plan.js';
import * as reference from './test-support/reference-fit-plan.js';
import type { Fidelity } from '../log/index.js';
import { ViewPlan } from './view-plan.js';
import { arbitraryCostTable, costsOf, FIDELITIES, type CostTable } from '../test-support/arbitrary-plan.js';

// The fitting passes keep their steps in a typed heap (issue 17); they must choose exactly what
// the object heap they replaced chose — same steps, same order, same plan — so no view changes.

function scenario() {
  return arbitraryCostTable(60).chain((table) => {
    const size = table.rows.length;
    return fc.record({
      table: fc.constant(table),
      initial: fc.array(fc.constantFrom(...FIDELITIES), { minLength: size, maxLength: size }),
      locked: fc.array(fc.boolean(), { minLength: size, maxLength: size }),
      // Few distinct scores: ties in value per token are where heap order shows.
      scores: fc.array(fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0.25, 0.5, 1)), { minLength: size, maxLength: size }),
      target: fc.integer({ min: 0, max: 12_000 }),
      minValue: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })),
    });
  });
}

function fitInput(table: CostTable, initial: Fidelity[], locked: boolean[], scores: number[]): FitInput {
  const fixed = initial.map((fidelity, unit) => (fidelity === 'compressed' && table.rows[unit]!.compressed === undefined ? 'full' : fidelity));
  return {
    plan: new ViewPlan(fixed, costsOf(table)),
    value: (unit, fidelity) => (fidelity === 'placeholder' ? 0 : fidelity === 'full' ? scores[unit]! : scores[unit]! * COMPRESSED_VALUE),
    locked: (unit) => locked[unit]!,
    canCompress: (unit) => table.rows[unit]!.compressed !== undefined,
  };
}

describe('fitting passes against the reference (object heap) implementation', () => {
  test.prop([scenario()], { numRuns: 400 })('upgradeToTarget makes the same plan and reports the same units', ({ table, initial, locked, scores, target, minValue }) => {
    const fast = fitInput(table, initial, locked, scores);
    const slow = fitInput(table, initial, locked, scores);
    expect(upgradeToTarget(fast, target, minValue)).toEqual(reference.upgradeToTarget(slow, target, minValue));
    expect(fast.plan.snapshot()).toEqual(slow.plan.snapshot());
    expect(fast.plan.tokens).toBe(slow.plan.tokens);
  });

  test.prop([scenario()], { numRuns: 400 })('degradeToTarget makes the same plan and reports the same units', ({ table, initial, locked, scores, target }) => {
    const fast = fitInput(table, initial, locked, scores);
    const slow = fitInput(table, initial, locked, scores);
    expect(degradeToTarget(fast, target)).toEqual(reference.degradeToTarget(slow, target));
    expect(fast.plan.snapshot()).toEqual(slow.plan.snapshot());
    expect(fast.plan.tokens).toBe(slow.plan.tokens);
  });
});
