// Before → after of prompt-cache-aware planning (core's `prefix` option), in one run: the `cairn`
// strategy as it ships (prefix.cacheAware on by default) beside `cairn-prefix-off` (the same engine
// with prefix.cacheAware false: the planner before it), on the same data, budgets and counter.
//   billing  — `cairn billing`'s table (billed tokens, prefix stability) with every baseline, at
//              fixed token budgets, on the synthetic runs and the real agent runs in DATA_DIR
//   bench    — `cairn bench`'s table (evidence / answer / anchor / dead-end recall, reduction,
//              prefix, billed per turn) for the two cairn rows on the bundled synthetic sessions
//              (what `npm start` runs) and, with DATA_DIR, on LoCoMo (conversations: probes only)
//   agents   — the same table for the two cairn rows on the real agent runs in DATA_DIR (tau-bench,
//              CodeR) at shares of each run's history, as `cairn bench --data` replays them
// Every mode also shows `cairn-billing-before`: the cache-aware planner as it was before the billing
// changes of issue 17 (prefix.brief 'end', compactTo 0.7), and any rows
// named in ROWS_JSON ({ "name": engineOptions }), e.g. '{"to0.5":{"prefix":{"compactTo":0.5}}}'.
// Run:
//   npx tsx --conditions=@cairn/source packages/bench/scripts/prefix-before-after.ts billing [DATA_DIR] [BUDGETS] [ROWS_JSON]
//   npx tsx --conditions=@cairn/source packages/bench/scripts/prefix-before-after.ts bench [DATA_DIR] [SHARES] [ROWS_JSON]
//   npx tsx --conditions=@cairn/source packages/bench/scripts/prefix-before-after.ts agents DATA_DIR [SHARES] [ROWS_JSON]
import { createContextEngine, type ContextEngineOptions } from '@cairn/core';
import {
  type BenchmarkDataset,
  type ContextStrategy,
  createSyntheticDataset,
  loadDatasets,
  renderBillingTable,
  renderTable,
  runBenchmark,
  runBillingBenchmark,
  STRATEGIES,
  STRATEGY_NAMES,
  viewMessageToCairnMessage,
} from '../src/index.js';

/** The `cairn` strategy's engine (as `createCairnStrategy` builds it) with more engine options. */
function cairnWith(name: string, options: Partial<ContextEngineOptions>): ContextStrategy {
  return {
    name,
    description: `The cairn engine with defaults and ${JSON.stringify(options)} (onBudgetExceeded 'compress-mandatory').`,
    createSession({ budget, counter }) {
      const engine = createContextEngine({ budget, tokenCounter: counter, onBudgetExceeded: 'compress-mandatory', ...options });
      return {
        ingest(messages) {
          engine.ingest(messages);
        },
        async view({ query, purpose = 'probe' }) {
          const { messages } = engine.assemble(query === undefined || purpose === 'turn' ? {} : { query });
          return messages.map(viewMessageToCairnMessage);
        },
      };
    },
  };
}

const [mode = 'billing', dataDir, list, rows] = process.argv.slice(2);
const off = cairnWith('cairn-prefix-off', { prefix: { cacheAware: false } });
const before = cairnWith('cairn-billing-before', { prefix: { brief: 'end', compactTo: 0.7 } });
const extra = Object.entries(JSON.parse(rows ?? '{}') as Record<string, Partial<ContextEngineOptions>>).map(([name, options]) => cairnWith(name, options));
const rivals = [off, before, ...extra];
const real = dataDir === undefined ? [] : await loadDatasets(dataDir);
if (mode === 'billing') {
  const budgetTokens = (list ?? '8000,16000,32000').split(',').map(Number);
  const datasets: BenchmarkDataset[] = [
    createSyntheticDataset([
      { kind: 'coding', messages: 600, seed: 2 },
      { kind: 'support', messages: 600, seed: 7 },
      { kind: 'mixed', messages: 900, seed: 3 },
    ]),
    ...real,
  ];
  const strategies = [...STRATEGY_NAMES.map((name) => STRATEGIES[name]), ...rivals];
  const result = await runBillingBenchmark({ datasets, strategies, budgetTokens });
  console.log(`prefix before → after (cairn-prefix-off: prefix.cacheAware false), data ${dataDir ?? 'synthetic only'}`);
  console.log(renderBillingTable(result));
} else if (mode === 'agents') {
  const budgets = (list ?? '0.05,0.1,0.2').split(',').map(Number);
  const agents = real.filter((dataset) => !dataset.name.includes('locomo'));
  const result = await runBenchmark({ datasets: agents, strategies: [STRATEGIES.cairn, ...rivals], budgets });
  console.log(`prefix before → after (cairn-prefix-off: prefix.cacheAware false) — real agent runs (data ${dataDir})`);
  console.log(renderTable(result));
} else {
  const budgets = (list ?? '0.05,0.1,0.2').split(',').map(Number);
  const strategies = [STRATEGIES.cairn, ...rivals];
  const synthetic = await runBenchmark({ datasets: [createSyntheticDataset()], strategies, budgets });
  console.log(`prefix before → after (cairn-prefix-off: prefix.cacheAware false) — bundled synthetic sessions (npm start)`);
  console.log(renderTable(synthetic));
  const locomo = real.filter((dataset) => dataset.name.includes('locomo'));
  if (locomo.length > 0) {
    const result = await runBenchmark({ datasets: locomo, strategies, budgets: [0.1] });
    console.log(`\nLoCoMo at 10% (data ${dataDir})`);
    console.log(renderTable(result));
  }
}
