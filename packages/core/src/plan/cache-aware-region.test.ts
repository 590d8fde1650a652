import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { Fidelity } from '../log/index.js';
import { cacheAwareRegionStart } from './cache-aware-region.js';
import { ViewPlan } from './view-plan.js';
import { arbitraryCostTable, costsOf, FIDELITIES, referenceTokens, type CostTable } from '../test-support/arbitrary-plan.js';

const fidelity = fc.constantFrom(...FIDELITIES);

const scenario = arbitraryCostTable(40).chain((table) => {
  const size = table.rows.length;
  return fc.record({
    table: fc.constant(table),
    current: fc.array(fidelity, { minLength: size, maxLength: size }),
    // Last turn's plan: mostly this one (a steady turn), with a few units changed or new.
    changes: fc.array(fc.record({ unit: fc.nat({ max: size - 1 }), to: fc.option(fidelity, { nil: undefined }) }), { maxLength: 3 }),
    locked: fc.array(fc.boolean(), { minLength: size, maxLength: size }),
    required: fc.array(fc.integer({ min: 0, max: 9 }).map((draw) => draw === 0), { minLength: size, maxLength: size }),
    target: fc.integer({ min: 0, max: 12_000 }),
  });
});

/** Tokens of the plan with every unlocked unit from `start` on at its lowest fidelity, from scratch. */
function degradedFrom(start: number, current: readonly Fidelity[], locked: readonly boolean[], lowest: (unit: number) => Fidelity, table: CostTable): number {
  const fidelities = current.map((now, unit) => {
    if (unit < start || locked[unit]) return now;
    const floor = lowest(unit);
    return floor === 'placeholder' || now === 'full' ? floor : now;
  });
  return referenceTokens(fidelities, table);
}

describe('cacheAwareRegionStart', () => {
  test.prop([scenario], { numRuns: 400 })(
    'is the latest start from which degrading reaches the target, never after the first unit the plan already changed, and leaves the plan alone',
    ({ table, current, changes, locked, required, target }) => {
      const fixed = current.map((now, unit) => (now === 'compressed' && table.rows[unit]!.compressed === undefined ? 'full' : now));
      const previous: (Fidelity | undefined)[] = [...fixed];
      for (const { unit, to } of changes) previous[unit] = to;
      const plan = new ViewPlan(fixed, costsOf(table));
      const lowest = (unit: number): Fidelity => (required[unit] && table.rows[unit]!.compressed !== undefined ? 'compressed' : 'placeholder');
      const isLocked = (unit: number) => locked[unit]!;
      const start = cacheAwareRegionStart({ plan, costs: costsOf(table), previous, locked: isLocked, lowest, target });

      expect(plan.snapshot()).toEqual(fixed);
      const size = fixed.length;
      // The first unit whose fidelity differs from last turn's (size when none).
      let changedFrom = fixed.findIndex((now, unit) => previous[unit] !== now);
      if (changedFrom < 0) changedFrom = size;
      expect(start).toBeGreaterThanOrEqual(0);
      expect(start).toBeLessThanOrEqual(changedFrom);
      const reachable = (from: number) => degradedFrom(from, fixed, locked, lowest, table) <= target;
      // The latest start that is enough (-1: none). Not monotone: a placeholder may cost more than
      // a short unit's compressed form, so degrading from an earlier start can cost more tokens.
      let latest = size - 1;
      while (latest >= 0 && !reachable(latest)) latest--;
      if (plan.tokens <= target) {
        expect(start).toBe(changedFrom);
      } else if (latest < 0) {
        expect(start).toBe(0);
      } else {
        // Enough from `start` on (or from where the plan changed anyway), and not from any later unit.
        expect(reachable(start) || start === changedFrom).toBe(true);
        expect(start).toBe(Math.min(latest, changedFrom));
      }
    },
  );
});
