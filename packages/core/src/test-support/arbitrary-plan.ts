/**
 * Test support: random unit costs and fidelities for `ViewPlan` and the fitting passes, and an
 * independent reference for what a plan costs.
 */
import fc from 'fast-check';
import type { Fidelity } from '../log/index.js';
import type { UnitCosts } from '../plan/index.js';

export const FIDELITIES: readonly Fidelity[] = ['full', 'compressed', 'placeholder'];

/** Costs of one unit: full, compressed (undefined when it would not save) and placeholder. */
export interface CostRow {
  full: number;
  compressed: number | undefined;
  placeholder: number;
}

export interface CostTable {
  rows: CostRow[];
  runBound: number;
}

export function costsOf(table: CostTable): UnitCosts {
  return {
    full: (unit) => table.rows[unit]!.full,
    compressed: (unit) => table.rows[unit]!.compressed,
    placeholder: (unit) => table.rows[unit]!.placeholder,
    runBound: table.runBound,
  };
}

/** Any costs, as the engine may produce them (a placeholder may cost more than the unit). */
export function arbitraryCostTable(maxUnits = 30): fc.Arbitrary<CostTable> {
  const row = fc.integer({ min: 1, max: 500 }).chain((full) =>
    fc.record({
      full: fc.constant(full),
      compressed: full > 1 ? fc.option(fc.integer({ min: 1, max: full - 1 }), { nil: undefined }) : fc.constant(undefined),
      placeholder: fc.integer({ min: 1, max: 60 }),
    }),
  );
  return fc.record({ rows: fc.array(row, { minLength: 1, maxLength: maxUnits }), runBound: fc.integer({ min: 1, max: 120 }) });
}

/**
 * Costs where every degradation saves tokens: placeholders and the run bound (≤ 20) are cheaper
 * than any rendering of a unit (≥ 21), as for large units.
 */
export function arbitraryShrinkingCostTable(maxUnits = 30): fc.Arbitrary<CostTable> {
  const row = fc.integer({ min: 22, max: 500 }).chain((full) =>
    fc.record({
      full: fc.constant(full),
      compressed: fc.option(fc.integer({ min: 21, max: full - 1 }), { nil: undefined }),
      placeholder: fc.integer({ min: 1, max: 20 }),
    }),
  );
  return fc.record({ rows: fc.array(row, { minLength: 1, maxLength: maxUnits }), runBound: fc.integer({ min: 1, max: 20 }) });
}

/** What a plan with these fidelities costs, computed from scratch: units plus one cost per placeholder run. */
export function referenceTokens(fidelities: readonly Fidelity[], table: CostTable): number {
  let total = 0;
  for (let unit = 0; unit < fidelities.length; unit++) {
    const fidelity = fidelities[unit]!;
    const row = table.rows[unit]!;
    if (fidelity === 'full') total += row.full;
    else if (fidelity === 'compressed') total += row.compressed ?? row.full;
    else if (fidelities[unit - 1] !== 'placeholder') {
      const single = fidelities[unit + 1] !== 'placeholder';
      total += single ? row.placeholder : table.runBound;
    }
  }
  return total;
}
