// Issue 17's third recall pass: the answer cues (`dialogue: { timeShare, nameShare }`), the
// question's spelling variants (`variantShare`) and co-occurring words (`expansionShare`,
// `expansionTerms`) beside bm25 and the lexical engine before them, each alone, the defaults,
// the defaults less each one, and the settings tried around them, in one run per data folder:
// LoCoMo evidence recall at 5%, 10% and 20% of each conversation. Chosen on the shared
// conversations only; the unseen ones are reported beside them, unchanged by the choice.
//
//   npx tsx --conditions=@cairn/source packages/embeddings-static/bench/locomo-answer-variants.ts \
//     ../shared/data[,/tmp/locomo-unseen] [MODEL_PATH]
//
// (the unseen conversations: packages/bench/scripts/convert-locomo.ts, see the bench README.)
// Without the model the embedder rows are left out.
import { type ContextEngineOptions, createContextEngine, DEFAULT_DIALOGUE_OPTIONS } from '@cairn/core';
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

const before = { timeShare: 1, nameShare: 1, variantShare: 0, expansionShare: 0 };
const { timeShare, nameShare, variantShare, expansionShare, expansionTerms } = DEFAULT_DIALOGUE_OPTIONS;
const embedder = loadEmbedder();
const strategies: ContextStrategy[] = [
  STRATEGIES.bm25,
  variant('cairn before (third-pass cues off)', { dialogue: before }),
  variant(`time ${timeShare}, name ${nameShare} alone`, { dialogue: { ...before, timeShare, nameShare } }),
  variant(`variants ${variantShare} alone`, { dialogue: { ...before, variantShare } }),
  variant(`expansion ${expansionShare} ×${expansionTerms} alone`, { dialogue: { ...before, expansionShare } }),
  variant('cairn (defaults: all three)', {}),
  variant('defaults less time/name', { dialogue: { timeShare: 1, nameShare: 1 } }),
  variant('defaults less variants', { dialogue: { variantShare: 0 } }),
  variant('defaults less expansion', { dialogue: { expansionShare: 0 } }),
  variant('time 0.3, name 0.3 alone', { dialogue: { ...before, timeShare: 0.3, nameShare: 0.3 } }),
  variant('variants 0.2 alone', { dialogue: { ...before, variantShare: 0.2 } }),
  variant('expansion 0.4 ×8 alone', { dialogue: { ...before, expansionShare: 0.4 } }),
  variant('defaults with time 0.4, name 0.6', { dialogue: { timeShare: 0.4, nameShare: 0.6 } }),
  variant('defaults with variants 0.3', { dialogue: { variantShare: 0.3 } }),
  variant('defaults with variants 0.7', { dialogue: { variantShare: 0.7 } }),
  variant('defaults with expansion 0.3', { dialogue: { expansionShare: 0.3 } }),
  variant('defaults with 12 expansion words', { dialogue: { expansionTerms: 12 } }),
  variant('defaults with self-disclosure 0.6', { dialogue: { selfDisclosureShare: 0.6 } }),
  ...(embedder ? [variant('+emb before', { dialogue: before, embedder }), variant('+emb (defaults)', { embedder })] : []),
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
