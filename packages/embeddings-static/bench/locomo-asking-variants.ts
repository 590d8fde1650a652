// Issue 17's fourth recall pass: the asking cue (`dialogue.askingShare`) and the settings around
// it, against the defaults before it, in one run per data folder: LoCoMo evidence recall at 5%,
// 10% and 20% of each conversation. Chosen on the shared conversations
// only; the unseen ones are reported beside them, unchanged by the choice.
//
//   npx tsx --conditions=@cairn/source packages/embeddings-static/bench/locomo-asking-variants.ts \
//     ../shared/data[,/tmp/locomo-unseen] [MODEL_PATH]
//
// (the unseen conversations: packages/bench/scripts/convert-locomo.ts, see the bench README.)
// The signals tried and dropped in this pass were exploration knobs, measured in the same run as
// these rows by this script at commit b618b39 of branch h/sem4 (`KNOBS=1`; the activity cue at
// 7d0b683); the bench README's table has every row.
// Without the model the embedder rows are left out.
import { type ContextEngineOptions, createContextEngine, DEFAULT_DIALOGUE_OPTIONS, type DialogueOptions } from '@cairn/core';
import { type ContextStrategy, loadDatasets, runBenchmark, viewMessageToCairnMessage } from '@cairn/bench';
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

const before: DialogueOptions = { askingShare: 1 };
const { askingShare } = DEFAULT_DIALOGUE_OPTIONS;
const embedder = loadEmbedder();
const strategies: ContextStrategy[] = [
  variant('cairn before (asking cue off)', { dialogue: before }),
  variant(`cairn (defaults: asking ${askingShare})`, {}),
  variant('asking 0.9', { dialogue: { askingShare: 0.9 } }),
  variant('asking 0.85', { dialogue: { askingShare: 0.85 } }),
  variant('asking 0.75', { dialogue: { askingShare: 0.75 } }),
  variant('asking 0.7', { dialogue: { askingShare: 0.7 } }),
  variant('asking 0.5', { dialogue: { askingShare: 0.5 } }),
  variant('defaults with self-disclosure 0.8', { dialogue: { selfDisclosureShare: 0.8 } }),
  variant('defaults with self-disclosure 0.6', { dialogue: { selfDisclosureShare: 0.6 } }),
  ...(embedder
    ? [
        variant('+emb before (asking cue off)', { dialogue: before, embedder }),
        variant('+emb (defaults)', { embedder }),
        variant('+emb rerank 0.5 (defaults)', { embedder, dense: { combine: 'rerank' } }),
        variant('+emb add 0.3 (defaults)', { embedder, dense: { share: 0.3 } }),
      ]
    : []),
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
