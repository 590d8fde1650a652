// Issue 17's third recall pass: the answer cues (`dialogue: { timeShare, nameShare }`) and the
// other variants tried, beside bm25 and the lexical engine before them, in one run per data
// folder: LoCoMo evidence recall at 5%, 10% and 20% of each conversation. Chosen on the shared
// conversations only; the unseen ones are reported beside them, unchanged by the choice.
//
//   npx tsx --conditions=@cairn/source packages/embeddings-static/bench/locomo-answer-variants.ts \
//     ../shared/data[,/tmp/locomo-unseen] [MODEL_PATH]
//
// (the unseen conversations: packages/bench/scripts/convert-locomo.ts, see the bench README.)
// Without the model the embedder rows are left out.
import { type ContextEngineOptions, createContextEngine } from '@cairn/core';
import { type ContextStrategy, loadDatasets, runBenchmark, STRATEGIES, viewMessageToCairnMessage } from '@cairn/bench';
import { createStaticEmbedder, loadStaticWordModel } from '../src/index.js';

const [folders = '../shared/data', modelPath] = process.argv.slice(2);
const budgets = [0.05, 0.1, 0.2];

/** The embedder, when a model path is given and loads. */
function loadEmbedder() {
  if (!modelPath) return undefined;
  try {
    return createStaticEmbedder({ model: loadStaticWordModel({ modelPath }) });
  } catch (error) {
    console.log(`no static model (${(error as Error).message.split('\n')[0]}): embedder rows left out`);
    return undefined;
  }
}

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

const before = { dialogue: { timeShare: 1, nameShare: 1 } };
const embedder = loadEmbedder();
const strategies: ContextStrategy[] = [
  STRATEGIES.bm25,
  variant('cairn before (answer cues off)', before),
  variant('A: time/name 0.5, expansion 0.2, variants 0.5', { dialogue: { timeShare: 0.5, nameShare: 0.5, expansionShare: 0.2, variantShare: 0.5 } }),
  variant('A + self 0.6', { dialogue: { selfDisclosureShare: 0.6, timeShare: 0.5, nameShare: 0.5, expansionShare: 0.2, variantShare: 0.5 } }),
  variant('A + follow-up 0.6', { dialogue: { timeShare: 0.5, nameShare: 0.5, expansionShare: 0.2, variantShare: 0.5, followUpShare: 0.6 } }),
  variant('A with time 0.4, name 0.6', { dialogue: { timeShare: 0.4, nameShare: 0.6, expansionShare: 0.2, variantShare: 0.5 } }),
  variant('A with 12 expansion terms', { dialogue: { timeShare: 0.5, nameShare: 0.5, expansionShare: 0.2, expansionTerms: 12, variantShare: 0.5 } }),
  variant('A with variants 0.7', { dialogue: { timeShare: 0.5, nameShare: 0.5, expansionShare: 0.2, variantShare: 0.7 } }),
  ...(embedder ? [variant('+emb before', { ...before, embedder })] : []),
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
    console.log(`${strategy.name.padEnd(44)} ${values.join('  ')}`);
  }
}
