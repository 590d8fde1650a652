// The dialogue cues of issue 17's second recall pass (`dialogue: { selfDisclosureShare,
// replyShare }`) beside bm25 and the lexical engine without them, with and without the static
// embedder, in one run per data folder: LoCoMo evidence recall at 5%, 10% and 20% of each
// conversation. Choose on the shared conversations only; the unseen ones are reported beside them.
//
//   npx tsx --conditions=@cairn/source packages/embeddings-static/bench/locomo-dialogue-variants.ts \
//     ../shared/data[,/tmp/locomo-unseen] [MODEL_PATH]
//
// (the unseen conversations: packages/bench/scripts/convert-locomo.ts, see the bench README.)
// Without the model the embedder rows are left out. The third pass's cues (answer cues, spelling
// variants, co-occurring words) are off in every row here: see `locomo-answer-variants.ts`.
import { type ContextEngineOptions, createContextEngine, DEFAULT_DIALOGUE_OPTIONS } from '@cairn/core';
import { type ContextStrategy, loadDatasets, runBenchmark, STRATEGIES, viewMessageToCairnMessage } from '@cairn/bench';
import { createStaticEmbedder, loadStaticWordModel } from '../src/index.js';

const [folders = '../shared/data', modelPath] = process.argv.slice(2);
const budgets = [0.05, 0.1, 0.2];

/** The embedder, when the model can be loaded. */
function loadEmbedder() {
  try {
    return createStaticEmbedder({ model: loadStaticWordModel(modelPath ? { modelPath } : {}) });
  } catch (error) {
    console.log(`no static model (${(error as Error).message.split('\n')[0]}): embedder rows left out`);
    return undefined;
  }
}

/** The third pass's cues and expansions off (`locomo-answer-variants.ts`), so the rows are the second pass's. */
const SECOND_PASS = { timeShare: 1, nameShare: 1, variantShare: 0, expansionShare: 0 };

/** The `cairn` strategy's engine with extra options; `prepare` before each question when it has an embedder. */
function variant(name: string, given: ContextEngineOptions): ContextStrategy {
  const options = { ...given, dialogue: { ...SECOND_PASS, ...given.dialogue } };
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

const { selfDisclosureShare, replyShare } = DEFAULT_DIALOGUE_OPTIONS;
const off = { dialogue: { selfDisclosureShare: 1, replyShare: 0 } };
const embedder = loadEmbedder();
const strategies: ContextStrategy[] = [
  STRATEGIES.bm25,
  variant('cairn, dialogue cues off (before)', off),
  variant(`cairn (default: self ${selfDisclosureShare}, reply ${replyShare})`, {}),
  variant(`first-person cue only (${selfDisclosureShare})`, { dialogue: { selfDisclosureShare, replyShare: 0 } }),
  variant(`reply cue only (${replyShare})`, { dialogue: { selfDisclosureShare: 1, replyShare } }),
  variant('self 0.8, reply 0.8', { dialogue: { selfDisclosureShare: 0.8, replyShare: 0.8 } }),
  variant('self 0.6, reply 0.8', { dialogue: { selfDisclosureShare: 0.6, replyShare: 0.8 } }),
  variant('self 0.7, reply 0.6', { dialogue: { selfDisclosureShare: 0.7, replyShare: 0.6 } }),
  ...(embedder
    ? [
        variant('+emb add0.5/idf, dialogue cues off (before)', { ...off, embedder }),
        variant('+emb add0.5/idf (default: cues on)', { embedder }),
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
