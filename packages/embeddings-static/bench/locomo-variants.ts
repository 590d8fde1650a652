// Every way of joining the static embedder's similarity to cairn's lexical signals, beside bm25 and
// cairn, in one run per data folder: LoCoMo evidence recall at 5%, 10% and 20% of each conversation.
//
//   npx tsx --conditions=@cairn/source packages/embeddings-static/bench/locomo-variants.ts \
//     ../shared/data[,/tmp/locomo-unseen] [MODEL_PATH]
//
// (the unseen conversations: packages/bench/scripts/convert-locomo.ts, see the bench README).
import { type ContextStrategy, createCairnEmbeddingsStrategy, loadDatasets, runBenchmark, STRATEGIES } from '@cairn/bench';
import { createStaticEmbedder, loadStaticWordModel } from '../src/index.js';

const [folders = '../shared/data', modelPath] = process.argv.slice(2);
const budgets = [0.05, 0.1, 0.2];
const model = loadStaticWordModel(modelPath ? { modelPath } : {});
const idf = createStaticEmbedder({ model });
const sif = createStaticEmbedder({ model, weighting: 'sif', removeCommonComponent: true });
const strategies: ContextStrategy[] = [
  STRATEGIES.bm25,
  STRATEGIES.cairn,
  createCairnEmbeddingsStrategy({ embedder: idf, dense: { combine: 'replace' }, name: 'replace/idf' }),
  createCairnEmbeddingsStrategy({ embedder: sif, dense: { combine: 'replace' }, name: 'replace/sif-common' }),
  createCairnEmbeddingsStrategy({ embedder: sif, dense: { combine: 'add', share: 0.5 }, name: 'add0.5/sif-common' }),
  createCairnEmbeddingsStrategy({ embedder: idf, dense: { combine: 'add', share: 0.3 }, name: 'add0.3/idf' }),
  createCairnEmbeddingsStrategy({ embedder: idf, name: 'cairn+embeddings (add0.5/idf)' }),
  createCairnEmbeddingsStrategy({ embedder: idf, dense: { combine: 'rerank', share: 0.5 }, name: 'rerank0.5/idf' }),
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
    console.log(`${strategy.name.padEnd(32)} ${values.join('  ')}`);
  }
}
