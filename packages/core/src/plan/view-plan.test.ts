import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { Fidelity } from '../log/index.js';
import { ViewPlan } from './view-plan.js';
import { arbitraryCostTable, costsOf, FIDELITIES, referenceTokens, type CostTable } from '../test-support/arbitrary-plan.js';

const fidelity = fc.constantFrom(...FIDELITIES);

/** A cost table, initial fidelities for it, and a sequence of `set` calls. */
const scenario = arbitraryCostTable(30).chain((table) =>
  fc.record({
    table: fc.constant(table),
    initial: fc.array(fidelity, { minLength: table.rows.length, maxLength: table.rows.length }),
    steps: fc.array(fc.record({ unit: fc.nat({ max: table.rows.length - 1 }), to: fidelity }), { maxLength: 80 }),
  }),
);

describe('ViewPlan', () => {
  test.prop([scenario], { numRuns: 200 })('incremental accounting is exact: tokens after any sets equal a fresh plan of the final fidelities', ({ table, initial, steps }) => {
    const costs = costsOf(table);
    const plan = new ViewPlan(initial, costs);
    expect(plan.tokens).toBe(referenceTokens(initial, table));
    for (const { unit, to } of steps) {
      const before = plan.tokens;
      const predicted = plan.delta(unit, to);
      plan.set(unit, to);
      expect(plan.get(unit)).toBe(to);
      expect(plan.tokens - before).toBe(predicted);
      expect(plan.tokens).toBe(referenceTokens(plan.snapshot(), table));
    }
    expect(plan.tokens).toBe(new ViewPlan(plan.snapshot(), costs).tokens);
  });

  test.prop([scenario], { numRuns: 100 })('delta does not change the plan', ({ table, initial, steps }) => {
    const plan = new ViewPlan(initial, costsOf(table));
    for (const { unit, to } of steps) plan.delta(unit, to);
    expect(plan.snapshot()).toEqual(initial);
    expect(plan.tokens).toBe(referenceTokens(initial, table));
  });

  it('counts a merged run once, at the run bound', () => {
    const table: CostTable = {
      rows: [
        { full: 100, compressed: 30, placeholder: 10 },
        { full: 100, compressed: 30, placeholder: 11 },
        { full: 100, compressed: undefined, placeholder: 12 },
      ],
      runBound: 25,
    };
    const plan = new ViewPlan(['placeholder', 'full', 'placeholder'] as Fidelity[], costsOf(table));
    expect(plan.tokens).toBe(10 + 100 + 12);
    plan.set(1, 'placeholder');
    expect(plan.tokens).toBe(25);
    plan.set(1, 'compressed');
    expect(plan.tokens).toBe(10 + 30 + 12);
    plan.set(2, 'compressed'); // no compressed rendering: counts at full
    expect(plan.tokens).toBe(10 + 30 + 100);
  });
});
