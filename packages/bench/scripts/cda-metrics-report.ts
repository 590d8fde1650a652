// CDA's other two metrics, in one run: Effective Context Density (Prediction 3: evidence and anchors
// kept per share of the history shown, against recency truncation at the same budget) and Alignment
// Stability (Prediction 1: how well each turn view stays aligned with the session's global intent,
// and whether it drifts over the session), per data set split into a tune and a holdout half.
// Run: npx tsx --conditions=@cairn/source packages/bench/scripts/cda-metrics-report.ts [DATA_DIR] [BUDGET_SHARE]
import { generateSyntheticSession } from '../src/generate-synthetic-session.js';
import { splitRuns } from '../src/guard/split-runs.js';
import { measureAlignmentStability } from '../src/lessons/measure-alignment-stability.js';
import type { BenchmarkDataset } from '../src/runner/benchmark-types.js';
import { loadDatasets } from '../src/runner/load-datasets.js';
import { runBenchmark } from '../src/runner/run-benchmark.js';
import { createSyntheticDataset, toBenchmarkSession } from '../src/runner/synthetic-dataset.js';
import { STRATEGIES } from '../src/strategies/index.js';

const dataDir = process.argv[2] ?? '../shared/data';
const budgetShare = Number(process.argv[3] ?? '0.1');
const loaded = await loadDatasets(dataDir);
const halves = (dataset: BenchmarkDataset): [string, BenchmarkDataset][] => {
  const { tune, holdout } = splitRuns(dataset.sessions);
  return [['tune', { ...dataset, sessions: tune }], ['holdout', { ...dataset, sessions: holdout }]];
};
const fixed = (value: number | undefined, digits = 3): string => (value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(digits));

console.log(`Data: ${dataDir}; budget ${budgetShare} of each session's history tokens. Tune / holdout: sessions' runs sorted by id, even / odd positions (splitRuns). Nothing was tuned on either half for these metrics.\n`);

// Effective context density: (evidence recall or anchor retention) ÷ (view tokens ÷ history tokens),
// i.e. how much of what later questions need each share of the history shown carries.
console.log('## Effective context density (ECD)\n');
console.log('ECD = evidence recall (LoCoMo probes) or anchor retention (synthetic probes) ÷ the share of the history tokens the view holds; "× recency" is the ratio to LangChain trimMessages at the same budget.\n');
console.log('| data set | half | strategy | evidence recall | anchor retention | view share of history | ECD (evidence) | × recency | ECD (anchors) | × recency |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
const synthetic = createSyntheticDataset();
const ecdSets: [string, BenchmarkDataset][] = [...loaded.filter((dataset) => dataset.name === 'locomo').flatMap(halves), ...halves(synthetic)];
const strategies = [STRATEGIES.cairn, STRATEGIES.recency, STRATEGIES.bm25];
for (const [half, dataset] of ecdSets) {
  const result = await runBenchmark({ datasets: [dataset], strategies, budgets: [budgetShare] });
  const rows = result.cells.map((cell) => {
    const share = cell.metrics.tokenReduction === undefined ? undefined : 1 - cell.metrics.tokenReduction;
    return { strategy: cell.strategy, metrics: cell.metrics, share, evidence: share && cell.metrics.evidenceRecall !== undefined ? cell.metrics.evidenceRecall / share : undefined, anchors: share && cell.metrics.anchorRetention !== undefined ? cell.metrics.anchorRetention / share : undefined };
  });
  const recency = rows.find((row) => row.strategy === 'recency');
  for (const row of rows) {
    const ratio = (mine: number | undefined, theirs: number | undefined): string => (mine === undefined || theirs === undefined || theirs === 0 ? '—' : `${(mine / theirs).toFixed(2)}×`);
    console.log(`| ${dataset.name} | ${half} | ${row.strategy} | ${fixed(row.metrics.evidenceRecall)} | ${fixed(row.metrics.anchorRetention)} | ${fixed(row.share)} | ${fixed(row.evidence)} | ${ratio(row.evidence, recency?.evidence)} | ${fixed(row.anchors)} | ${ratio(row.anchors, recency?.anchors)} |`);
  }
}

console.log('\n## Alignment stability\n');
console.log("Each turn view (system prompt left out) against the session's global intent (its first user message), lexical cosine: mean, spread, and drift = mean of a session's last third of views − its first third. Long runs: 3 generated coding sessions of 2,000 messages (seeds 21–23) beside the recorded agent runs.\n");
console.log('| data set | half | strategy | views | mean alignment | σ | drift (last third − first) | failed views |');
console.log('|---|---|---|---|---|---|---|---|');
const long: BenchmarkDataset = { name: 'synthetic-2000', description: 'generated coding sessions of 2,000 messages', sessions: [21, 22, 23].map((seed) => toBenchmarkSession(generateSyntheticSession({ seed, messages: 2000, kind: 'coding' }))) };
const alignmentSets: [string, BenchmarkDataset][] = [...loaded.filter((dataset) => dataset.sessions.some((session) => session.replay === 'agent')).flatMap(halves), ['all', long]];
const compared = [
  { label: 'cairn', strategy: STRATEGIES.cairn },
  { label: 'recency', strategy: STRATEGIES.recency },
  { label: 'clear-tool-uses', strategy: STRATEGIES['clear-tool-uses'] },
];
for (const [half, dataset] of alignmentSets) {
  const rows = await measureAlignmentStability({ sessions: dataset.sessions, strategies: compared, budgetShare });
  for (const row of rows) console.log(`| ${dataset.name} | ${half} | ${row.label} | ${row.views} | ${fixed(row.mean)} | ${fixed(row.stdDev)} | ${fixed(row.drift)} | ${row.failedViews} |`);
}
