// Issue 17's session-level prior (`dialogue.sittingShare`, `dialogue.sittingTop`): plain LoCoMo
// evidence recall at 5%, 10% and 20% of each conversation, the defaults beside each setting, in
// one run per data folder. Chosen on the shared conversations (and the shared 3-conversation
// haystacks, `packages/bench/scripts/locomo-haystack-misses.ts --engine`) only; the unseen ones
// are reported beside them, unchanged by the choice.
//
//   npx tsx --conditions=@cairn/source packages/embeddings-static/bench/locomo-sitting-variants.ts \
//     ../shared/data[,/tmp/locomo-unseen]
import { type ContextEngineOptions, createContextEngine, type DialogueOptions } from '@cairn/core';
import { type ContextStrategy, loadDatasets, runBenchmark, viewMessageToCairnMessage } from '@cairn/bench';

const [folders = '../shared/data'] = process.argv.slice(2);
const budgets = [0.05, 0.1, 0.2];

/** The `cairn` strategy's engine with extra options. */
function variant(name: string, options: ContextEngineOptions): ContextStrategy {
  return {
    name,
    description: `cairn with ${JSON.stringify(options)}`,
    createSession({ budget, counter }) {
      const engine = createContextEngine({ budget, tokenCounter: counter, onBudgetExceeded: 'compress-mandatory', ...options });
      return {
        ingest: (messages) => void engine.ingest(messages),
        view: async ({ query, purpose = 'probe' }) => engine.assemble(query === undefined || purpose === 'turn' ? {} : { query }).messages.map(viewMessageToCairnMessage),
      };
    },
  };
}

const sitting = (share: number, top: number, raw = false): DialogueOptions => ({ sittingShare: share, sittingTop: top, ...(raw ? { sittingRaw: true } : {}) });
const strategies: ContextStrategy[] = [
  variant('cairn (defaults)', {}),
  variant('sitting off (sittingShare 0)', { dialogue: sitting(0, 3) }),
  ...[0.5, 0.7, 0.9].map((share) => variant(`sitting ${share}, top 3`, { dialogue: sitting(share, 3) })),
  variant('sitting 0.7, top 1', { dialogue: sitting(0.7, 1) }),
  variant('sitting 0.7, top 5', { dialogue: sitting(0.7, 5) }),
  variant('sitting 0.7, top 2', { dialogue: sitting(0.7, 2) }),
  variant('x raw: sitting 0.5, top 3', { dialogue: sitting(0.5, 3, true) }),
  variant('x raw: sitting 0.7, top 3', { dialogue: sitting(0.7, 3, true) }),
  variant('x raw: sitting 0.7, top 2', { dialogue: sitting(0.7, 2, true) }),
  variant('x raw: sitting 0.9, top 3', { dialogue: sitting(0.9, 3, true) }),
  variant('x raw: sitting 0.6, top 3', { dialogue: sitting(0.6, 3, true) }),
  variant('x raw: sitting 0.6, top 4', { dialogue: sitting(0.6, 4, true) }),
  variant('x raw: sitting 0.5, top 4', { dialogue: sitting(0.5, 4, true) }),
  variant('x raw: sitting 0.7, top 4', { dialogue: sitting(0.7, 4, true) }),
  variant('x raw: sitting 0.6, top 2', { dialogue: sitting(0.6, 2, true) }),
  variant('x raw: sitting 0.8, top 3', { dialogue: sitting(0.8, 3, true) }),
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
