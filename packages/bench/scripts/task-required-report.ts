// An experiment, not a default: should a session's task statement (its first user message) be a
// REQUIRED unit by default? The defaults make only the latest user turn REQUIRED, and the
// CDA metrics report found cairn's turn views drop the task statement on the agent runs (alignment
// stability below clear-tool-uses). This runs `cairn` and `cairn+task-required` (the first user
// message tagged REQUIRED through the public `tag`) side by side on every data set, in one run.
// Run: npx tsx --conditions=@cairn/source packages/bench/scripts/task-required-report.ts [DATA_DIR] [BUDGETS]
import { splitRuns } from '../src/guard/split-runs.js';
import { measureAlignmentStability } from '../src/lessons/measure-alignment-stability.js';
import type { BenchmarkDataset } from '../src/runner/benchmark-types.js';
import { loadDatasets } from '../src/runner/load-datasets.js';
import { runBenchmark } from '../src/runner/run-benchmark.js';
import { createSyntheticDataset } from '../src/runner/synthetic-dataset.js';
import { createCairnStrategy } from '../src/strategies/index.js';

const dataDir = process.argv[2] ?? '../shared/data';
const budgets = (process.argv[3] ?? '0.05,0.1,0.2').split(',').map(Number);
const strategies = [createCairnStrategy(), createCairnStrategy({ taskRequired: true })];
const datasets = [...(await loadDatasets(dataDir)), createSyntheticDataset()];
const pct = (value: number | undefined): string => (value === undefined ? '—' : (100 * value).toFixed(1));

console.log(`Data: ${dataDir} and the bundled synthetic set; budgets ${budgets.join(', ')} of each session's history tokens.\n`);
console.log('| data set | budget | strategy | evidence | answer | anchors | dead-end exp. | reduce | prefix | billed | failed | over budget |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
const result = await runBenchmark({ datasets, strategies, budgets });
for (const cell of result.cells) {
  const m = cell.metrics;
  console.log(`| ${cell.dataset} | ${cell.budget} | ${cell.strategy} | ${pct(m.evidenceRecall)} | ${pct(m.answerRecall)} | ${pct(m.anchorRetention)} | ${pct(m.deadEndExposure)} | ${pct(m.tokenReduction)} | ${pct(m.prefixStability)} | ${m.billedTokens ?? '—'} | ${m.failedViews} | ${m.overBudgetViews} |`);
}

console.log('\nAlignment stability at 10% (each turn view against the first user message, lexical cosine; tune / holdout = splitRuns halves):\n');
console.log('| data set | half | strategy | views | mean alignment | σ | drift |');
console.log('|---|---|---|---|---|---|---|');
const compared = strategies.map((strategy) => ({ label: strategy.name, strategy }));
for (const dataset of datasets.filter((set) => set.sessions.some((session) => session.replay === 'agent'))) {
  const { tune, holdout } = splitRuns(dataset.sessions);
  for (const [half, sessions] of [['tune', tune], ['holdout', holdout]] as const) {
    const rows = await measureAlignmentStability({ sessions, strategies: compared, budgetShare: 0.1 });
    for (const row of rows) console.log(`| ${dataset.name} | ${half} | ${row.label} | ${row.views} | ${row.mean.toFixed(3)} | ${row.stdDev.toFixed(3)} | ${row.drift.toFixed(3)} |`);
  }
}
