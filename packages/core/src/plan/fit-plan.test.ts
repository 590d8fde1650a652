import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { COMPRESSED_VALUE, degradeToTarget, upgradeToTarget, type FitInput } from './fit-plan.js';
import type { Fidelity } from '../log/index.js';
import { ViewPlan } from './view-plan.js';
import { arbitraryCostTable, arbitraryShrinkingCostTable, costsOf, FIDELITIES, referenceTokens, type CostTable } from '../test-support/arbitrary-plan.js';

function scenario(tables: fc.Arbitrary<CostTable>) {
  return tables.chain((table) => {
    const size = table.rows.length;
    return fc.record({
      table: fc.constant(table),
      initial: fc.array(fc.constantFrom(...FIDELITIES), { minLength: size, maxLength: size }),
      locked: fc.array(fc.boolean(), { minLength: size, maxLength: size }),
      scores: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: size, maxLength: size }),
      target: fc.integer({ min: 0, max: 6_000 }),
    });
  });
}

/** One generated fitting scenario. */
interface FitScenario {
  table: CostTable;
  initial: Fidelity[];
  locked: boolean[];
  scores: number[];
  target: number;
}

function fitInput(table: CostTable, initial: Fidelity[], locked: boolean[], scores: number[]): FitInput {
  // As the engine does: a unit with no compressed rendering has no compressed step.
  const initialFixed = initial.map((fidelity, unit) => (fidelity === 'compressed' && table.rows[unit]!.compressed === undefined ? 'full' : fidelity));
  const plan = new ViewPlan(initialFixed, costsOf(table));
  return {
    plan,
    value: (unit, fidelity) => (fidelity === 'placeholder' ? 0 : fidelity === 'full' ? scores[unit]! : scores[unit]! * COMPRESSED_VALUE),
    locked: (unit) => locked[unit]!,
    canCompress: (unit) => table.rows[unit]!.compressed !== undefined,
  };
}

function lower(fidelity: Fidelity, canCompress: boolean): Fidelity | undefined {
  if (fidelity === 'full') return canCompress ? 'compressed' : 'placeholder';
  if (fidelity === 'compressed') return 'placeholder';
  return undefined;
}

describe('degradeToTarget', () => {
  // Failed with seed=-606468528: a step that starts saving after a change two units away (a run
  // growing next to a neighbour) is never reconsidered, so the pass stops over the target.
  const degradeInvariants = ({ table, initial, locked, scores, target }: FitScenario): void => {
      const input = fitInput(table, initial, locked, scores);
      const start = input.plan.snapshot();
      const tokensBefore = input.plan.tokens;
      const changed = degradeToTarget(input, target);
      const end = input.plan.snapshot();
      expect(input.plan.tokens).toBe(referenceTokens(end, table));
      expect(input.plan.tokens).toBeLessThanOrEqual(tokensBefore);
      for (let unit = 0; unit < end.length; unit++) {
        if (locked[unit]) expect(end[unit]).toBe(start[unit]);
        const RANK = { placeholder: 0, compressed: 1, full: 2 };
        expect(RANK[end[unit]!]).toBeLessThanOrEqual(RANK[start[unit]!]);
      }
      expect(changed).toEqual(end.flatMap((fidelity, unit) => (fidelity !== start[unit] ? [unit] : [])));
      if (input.plan.tokens > target) {
        for (let unit = 0; unit < end.length; unit++) {
          if (locked[unit]) continue;
          const to = lower(end[unit]!, input.canCompress(unit));
          if (to !== undefined) expect(input.plan.delta(unit, to), `unit ${unit} could still save`).toBeGreaterThanOrEqual(0);
        }
      }
    };
  test.prop([scenario(arbitraryCostTable())], { numRuns: 200 })('never touches locked units, never adds tokens, and stops only at the target or when no step saves', degradeInvariants);
  // Failed with seed=-2057016762 (run 178): bridged gaps joined runs next to a compressed unit
  // whose step then saved, but the pass ended after bridging without taking it.
  test.prop([scenario(arbitraryCostTable())], { numRuns: 200, seed: -2057016762 })('regression: steps next to bridged gaps are still taken (seed -2057016762)', degradeInvariants);

  test.prop([scenario(arbitraryShrinkingCostTable())], { numRuns: 200 })(
    'reaches the target whenever placeholders for every unlocked unit would (costs where every step saves)',
    ({ table, initial, locked, scores, target }) => {
      const input = fitInput(table, initial, locked, scores);
      const floor = input.plan.snapshot().map((fidelity, unit) => (locked[unit] ? fidelity : 'placeholder'));
      const floorTokens = referenceTokens(floor, table);
      degradeToTarget(input, target);
      if (floorTokens <= target) expect(input.plan.tokens).toBeLessThanOrEqual(target);
      else expect(input.plan.snapshot()).toEqual(floor);
    },
  );
});

describe('upgradeToTarget', () => {
  test.prop([scenario(arbitraryCostTable()), fc.double({ min: 0, max: 1, noNaN: true })], { numRuns: 200 })(
    'never exceeds its target, never touches locked units, only upgrades, and respects minValue',
    ({ table, initial, locked, scores, target }, minValue) => {
      const input = fitInput(table, initial, locked, scores);
      const start = input.plan.snapshot();
      const tokensBefore = input.plan.tokens;
      const changed = upgradeToTarget(input, target, minValue);
      const end = input.plan.snapshot();
      expect(input.plan.tokens).toBe(referenceTokens(end, table));
      if (tokensBefore <= target) expect(input.plan.tokens).toBeLessThanOrEqual(target);
      else expect(input.plan.tokens).toBeLessThanOrEqual(tokensBefore);
      const RANK = { placeholder: 0, compressed: 1, full: 2 };
      for (let unit = 0; unit < end.length; unit++) {
        if (locked[unit]) expect(end[unit]).toBe(start[unit]);
        expect(RANK[end[unit]!]).toBeGreaterThanOrEqual(RANK[start[unit]!]);
        if (end[unit] !== start[unit]) expect(input.value(unit, end[unit]!)).toBeGreaterThanOrEqual(minValue);
      }
      expect(changed).toEqual(end.flatMap((fidelity, unit) => (fidelity !== start[unit] ? [unit] : [])));
    },
  );
});
