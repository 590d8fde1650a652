import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { COMPRESSED_VALUE, upgradeToTarget, type FitInput } from './fit-plan.js';
import * as reference from './test-support/reference-fit-plan.js';
import type { Fidelity } from '../log/index.js';
import { ViewPlan } from './view-plan.js';
import { costsOf, FIDELITIES, type CostTable } from '../test-support/arbitrary-plan.js';

// The upgrade pass stops once no step left in its heap can fit (issue 17: most of a new query's
// selection was popping steps that could not). Stopping early must leave the plan and the changed
// units exactly as popping every step does. These cases are built to end in a long tail of steps
// that almost fit: many small units, a target inside the range of the plan's cost, placeholders
// that may cost more than what they stand for (steps that save tokens), and tied scores.

function tightScenario() {
  const row = fc.integer({ min: 1, max: 40 }).chain((full) =>
    fc.record({
      full: fc.constant(full),
      compressed: full > 1 ? fc.option(fc.integer({ min: 1, max: full - 1 }), { nil: undefined }) : fc.constant(undefined),
      placeholder: fc.integer({ min: 1, max: 24 }),
    }),
  );
  return fc
    .record({ rows: fc.array(row, { minLength: 1, maxLength: 160 }), runBound: fc.integer({ min: 1, max: 30 }) })
    .chain((table: CostTable) => {
      const size = table.rows.length;
      let total = 0;
      for (const row of table.rows) total += row.full;
      return fc.record({
        table: fc.constant(table),
        initial: fc.array(fc.constantFrom<Fidelity>(...FIDELITIES, 'placeholder', 'placeholder'), { minLength: size, maxLength: size }),
        locked: fc.array(fc.integer({ min: 0, max: 9 }).map((roll) => roll === 0), { minLength: size, maxLength: size }),
        scores: fc.array(fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0.1, 0.5, 1)), { minLength: size, maxLength: size }),
        target: fc.integer({ min: 0, max: Math.max(1, total) }),
        minValue: fc.oneof(fc.constant(0), fc.constant(0), fc.double({ min: 0, max: 0.5, noNaN: true })),
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

describe('upgradeToTarget stopping early', () => {
  test.prop([tightScenario()], { numRuns: 600 })('makes the plan that popping every step makes', ({ table, initial, locked, scores, target, minValue }) => {
    const fast = fitInput(table, initial, locked, scores);
    const slow = fitInput(table, initial, locked, scores);
    expect(upgradeToTarget(fast, target, minValue)).toEqual(reference.upgradeToTarget(slow, target, minValue));
    expect(fast.plan.snapshot()).toEqual(slow.plan.snapshot());
    expect(fast.plan.tokens).toBe(slow.plan.tokens);
  });
});
