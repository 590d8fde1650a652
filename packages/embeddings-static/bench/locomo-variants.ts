// Every variant of cairn's question views tried for issue 17 — the short-unit floor of
// `selection.shortUnitTokens` and the ways of joining the static embedder's similarity to the
// lexical signals — beside bm25 and the lexical baseline (`cairn`, floor off), in one run per
// data folder: LoCoMo evidence recall at 5%, 10% and 20% of each conversation.
//
//   npx tsx --conditions=@cairn/source packages/embeddings-static/bench/locomo-variants.ts \
//     ../shared/data[,/tmp/locomo-unseen] [MODEL_PATH]
//
// (the unseen conversations: packages/bench/scripts/convert-locomo.ts, see the bench README; tune
// on the shared ones only).
import { type ContextEngineOptions, createContextEngine, DEFAULT_SELECTION_OPTIONS } from '@cairn/core';
import { type ContextStrategy, loadDatasets, runBenchmark, STRATEGIES, viewMessageToCairnMessage } from '@cairn/bench';
import { createStaticEmbedder, loadStaticWordModel } from '../src/index.js';

const [folders = '../shared/data', modelPath] = process.argv.slice(2);
const budgets = [0.05, 0.1, 0.2];
const model = loadStaticWordModel(modelPath ? { modelPath } : {});
const idf = createStaticEmbedder({ model });
const sif = createStaticEmbedder({ model, weighting: 'sif', removeCommonComponent: true });

/** The `cairn` strategy's engine with extra options; `prepare` before each question when it has an embedder. */
function variant(name: string, options: ContextEngineOptions): ContextStrategy {
  return {
    name,
    description: `cairn with ${JSON.stringify({ ...options, embedder: options.embedder?.id })}`,
    createSession({ budget, counter }) {
      const engine = createContextEngine({ budget, tokenCounter: counter, onBudgetExceeded: 'compress-mandatory', ...options });
      return {
        ingest: (messages) => void engine.ingest(messages),
        async view({ query, purpose = 'probe' }) {
          const question = query === undefined || purpose === 'turn' ? undefined : query;
          if (options.embedder) await engine.prepare(question === undefined ? {} : { query: question });
          return engine.assemble(question === undefined ? {} : { query: question }).messages.map(viewMessageToCairnMessage);
        },
      };
    },
  };
}

const off = { selection: { shortUnitTokens: 0 } };
const floor = DEFAULT_SELECTION_OPTIONS.shortUnitTokens;
const strategies: ContextStrategy[] = [
  STRATEGIES.bm25,
  variant('cairn, floor off (before)', off),
  variant(`cairn (default, floor ${floor})`, {}),
  variant('cairn, floor 30', { selection: { shortUnitTokens: 30 } }),
  variant('cairn, floor 80', { selection: { shortUnitTokens: 80 } }),
  variant('+emb add0.5/idf, floor off', { ...off, embedder: idf }),
  variant(`+emb add0.5/idf (default, floor ${floor})`, { embedder: idf }),
  variant(`+emb add0.3/idf, floor ${floor}`, { embedder: idf, dense: { combine: 'add', share: 0.3 } }),
  variant(`+emb add0.5/sif-common, floor ${floor}`, { embedder: sif }),
  variant(`+emb rerank0.5/idf, floor ${floor}`, { embedder: idf, dense: { combine: 'rerank', share: 0.5 } }),
  variant(`+emb replace/idf, floor ${floor}`, { embedder: idf, dense: { combine: 'replace' } }),
];
for (const folder of folders.split(',')) {
  const datasets = (await loadDatasets(folder)).filter((dataset) => dataset.name === 'locomo');
  if (datasets.length === 0) {
    console.log(`${folder}: no locomo/ folder`);
    continue;
  }
  const result = await runBenchmark({ datasets, strategies, budgets });
  console.log(`\n${folder}: ${result.datasets[0]!.sessions} conversations, ${result.datasets[0]!.probes} probes; evidence recall at ${budgets.join(' / ')}`);
  for (const strategy of strategies) {
    const values = budgets.map((budget) => result.cells.find((cell) => cell.strategy === strategy.name && cell.budget === budget)!.metrics.evidenceRecall!.toFixed(3));
    console.log(`${strategy.name.padEnd(40)} ${values.join('  ')}`);
  }
}
