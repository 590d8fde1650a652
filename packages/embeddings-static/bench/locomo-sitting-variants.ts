// Issue 17's session-level prior (`dialogue.sittingShare`, `dialogue.sittingTop`): plain LoCoMo
// evidence recall at 5%, 10% and 20% of each conversation, the defaults beside each setting, in
// one run per data folder. Chosen on the shared conversations (and the shared 3-conversation
// haystacks, `packages/bench/scripts/locomo-haystack-misses.ts --engine`) only; the unseen ones
// are reported beside them, unchanged by the choice.
//
//   npx tsx --conditions=@cairn/source packages/embeddings-static/bench/locomo-sitting-variants.ts \
//     ../shared/data[,/tmp/locomo-unseen]
import { type ContextEngineOptions, createContextEngine, DEFAULT_DIALOGUE_OPTIONS, type DialogueOptions } from '@cairn/core';
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

const sitting = (share: number, top: number): DialogueOptions => ({ sittingShare: share, sittingTop: top });
const { sittingShare, sittingTop } = DEFAULT_DIALOGUE_OPTIONS;
// The rows that made the sitting's match from the shared values (after neighbours and replies),
// not the units' own, were measured by this script at commit 9a8182e (knob `sittingRaw`).
const strategies: ContextStrategy[] = [
  variant('cairn before (sittingShare 0)', { dialogue: sitting(0, 3) }),
  variant(`cairn (defaults: sitting ${sittingShare}, top ${sittingTop})`, {}),
  ...[
    [0.5, 3],
    [0.7, 3],
    [0.8, 3],
    [0.9, 3],
    [0.7, 2],
    [0.6, 2],
    [0.5, 4],
    [0.6, 4],
    [0.7, 4],
  ].map(([share, top]) => variant(`sitting ${share}, top ${top}`, { dialogue: sitting(share!, top!) })),
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
