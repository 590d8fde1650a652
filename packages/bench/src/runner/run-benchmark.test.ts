import { createCharTokenCounter } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { runBenchmark } from './run-benchmark.js';
import { createSyntheticDataset } from './synthetic-dataset.js';
import { fullStandIn, naiveTailStandIn } from './test-support/stand-in-strategies.js';

describe('runBenchmark', () => {
  it('measures every strategy × budget on synthetic sessions, deterministically', async () => {
    const datasets = [createSyntheticDataset([{ seed: 5, messages: 200, kind: 'coding' }])];
    const progress: number[] = [];
    const options = { datasets, strategies: [fullStandIn, naiveTailStandIn], budgets: [0.1, 0.5], maxTurns: 20, createCounter: () => createCharTokenCounter(), now: () => 0 };
    const result = await runBenchmark({ ...options, onProgress: ({ done }) => progress.push(done) });
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(result.cells).toHaveLength(4);
    const full = result.cells.find((cell) => cell.strategy === 'full' && cell.budget === 0.1)!.metrics;
    const tail = result.cells.find((cell) => cell.strategy === 'recency' && cell.budget === 0.1)!.metrics;
    expect(full.evidenceRecall).toBe(1);
    expect(full.answerRecall).toBe(1);
    expect(full.anchorRetention).toBe(1);
    expect(full.tokenReduction).toBe(0);
    expect(full.prefixStability).toBe(1);
    expect(full.toolPairViolations).toBe(0);
    expect(full.overBudgetViews).toBeGreaterThan(0);
    expect(full.deadEndChecks).toBeGreaterThan(0);
    expect(full.deadEndExposure).toBe(1);
    expect(tail.overBudgetViews).toBe(0);
    expect(tail.tokenReduction).toBeGreaterThan(0.5);
    expect(tail.evidenceRecall).toBeLessThan(1);
    expect(full.views).toBe(tail.views);
    const again = await runBenchmark(options);
    expect(again).toEqual(result);
    const floored = await runBenchmark({ ...options, strategies: [naiveTailStandIn], budgets: [0.01], minBudgetTokens: 10_000_000 });
    expect(floored.minBudgetTokens).toBe(10_000_000);
    expect(floored.cells[0]!.metrics.tokenReduction).toBe(0);
  });

  it('rejects budgets outside (0, 1]', async () => {
    await expect(runBenchmark({ datasets: [], strategies: [fullStandIn], budgets: [5] })).rejects.toThrow(/Invalid budget 5/);
  });
});
