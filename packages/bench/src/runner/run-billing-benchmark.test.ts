import { createCharTokenCounter } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { renderBillingTable, billingLosses } from '../report/render-billing-table.js';
import { createFullStrategy } from '../strategies/full-strategy.js';
import { createCairnStrategy } from '../strategies/cairn-strategy.js';
import { createRecencyStrategy } from '../strategies/recency-strategy.js';
import { runBillingBenchmark } from './run-billing-benchmark.js';
import { createSyntheticDataset } from './synthetic-dataset.js';

describe('runBillingBenchmark', () => {
  it('replays every turn of the runs long enough, sums raw and billed tokens, and names the baselines cairn does not beat', async () => {
    const datasets = [createSyntheticDataset([{ seed: 3, messages: 200, kind: 'coding' }])];
    const result = await runBillingBenchmark({ datasets, strategies: [createFullStrategy(), createRecencyStrategy(), createCairnStrategy()], budgetTokens: [3000, 1_000_000], createCounter: createCharTokenCounter });
    // No run is 3 × 1,000,000 tokens long.
    expect(result.cells.every((cell) => cell.budgetTokens === 3000)).toBe(true);
    expect(result.cells.map((cell) => cell.strategy)).toEqual(['full', 'recency', 'cairn']);
    for (const cell of result.cells) {
      expect(cell.sessions).toBe(1);
      expect(cell.turns).toBeGreaterThan(40);
      expect(cell.cachedTokens).toBeLessThanOrEqual(cell.rawTokens);
      expect(cell.billedTokens).toBeCloseTo(cell.rawTokens - 0.9 * cell.cachedTokens, 6);
    }
    const full = result.cells[0]!;
    // The whole history only grows: every call repeats the previous one and adds to it.
    expect(full.prefixStability).toBe(1);
    expect(full.overBudgetViews).toBeGreaterThan(0);
    // `full` goes over budget, so it is never a baseline cairn must beat.
    expect(billingLosses(result.cells)).not.toContain('full');
    const table = renderBillingTable(result);
    expect(table).toContain('synthetic — budget 3,000 tokens');
    expect(table).toMatch(/cairn (bills less than every baseline within budget|does not bill less than: recency)\./);
  }, 60_000);

  it('rejects budgets that are not whole token counts and ratios outside 0–1', async () => {
    await expect(runBillingBenchmark({ datasets: [], strategies: [], budgetTokens: [0.5] })).rejects.toThrow(RangeError);
    await expect(runBillingBenchmark({ datasets: [], strategies: [], cachedTokenRatio: 2 })).rejects.toThrow(RangeError);
  });
});
