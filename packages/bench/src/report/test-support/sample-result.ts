import type { BenchmarkMetrics, BenchmarkResult } from '../../runner/benchmark-types.js';

const metrics = (overrides: Partial<BenchmarkMetrics>): BenchmarkMetrics => ({ views: 10, failedViews: 0, toolPairViolations: 0, overBudgetViews: 0, deadEndChecks: 2, probes: 4, ...overrides });

/** A small hand-made result: bm25 beats cairn on evidence recall at 10%. */
export const SAMPLE_RESULT: BenchmarkResult = {
  budgets: [0.1, 0.2],
  minBudgetTokens: 0,
  strategies: [
    { name: 'bm25', description: 'top-k by <question>' },
    { name: 'cairn', description: 'the engine' },
  ],
  datasets: [{ name: 'locomo', description: 'conversations', sessions: 1, messages: 400, probes: 4 }],
  cells: [
    { dataset: 'locomo', strategy: 'bm25', budget: 0.1, metrics: metrics({ evidenceRecall: 0.6, tokenReduction: 0.95, overBudgetViews: 1 }) },
    { dataset: 'locomo', strategy: 'cairn', budget: 0.1, metrics: metrics({ evidenceRecall: 0.5, tokenReduction: 0.9 }) },
    { dataset: 'locomo', strategy: 'bm25', budget: 0.2, metrics: metrics({ evidenceRecall: 0.7, tokenReduction: 0.85 }) },
    { dataset: 'locomo', strategy: 'cairn', budget: 0.2, metrics: metrics({ evidenceRecall: 0.8, tokenReduction: 0.8 }) },
  ],
  tokenizer: 'o200k_base',
  durationMs: 1234,
};
