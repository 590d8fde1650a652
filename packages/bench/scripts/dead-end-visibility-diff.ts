// Which agent runs show a repeated failure's error in the view under one engine configuration and
// not the other: the `cairn bench --data` replay (every turn, views before each exact repeat of a
// failed call, as the dead-end recall column counts them) of the CodeR runs at one share of each
// run's history, per run, for two sets of engine options (A, B); prints the runs whose count of
// visible failures differs. Use it when a change moves the dead-end column.
// Run:
//   npx tsx --conditions=@cairn/source packages/bench/scripts/dead-end-visibility-diff.ts [SHARE] [OPTIONS_A_JSON] [OPTIONS_B_JSON] [DATA_DIR] [DATASET_SUBSTRING]
// e.g. ... dead-end-visibility-diff.ts 0.05 '{}' '{"prefix":{"briefLines":"exact","briefChanges":"appended"}}'
import { createBpeTokenCounter, createContextEngine, type ContextEngineOptions } from '@cairn/core';
import { loadDatasets, viewMessageToCairnMessage, type ContextStrategy } from '../src/index.js';
import { createCachingTokenCounter } from '../src/runner/caching-token-counter.js';
import { prepareSession } from '../src/runner/prepare-session.js';
import { replaySession } from '../src/runner/replay-session.js';
import { DEFAULT_MAX_TURNS } from '../src/runner/run-benchmark.js';

function cairnWith(name: string, options: Partial<ContextEngineOptions>): ContextStrategy {
  return {
    name,
    description: name,
    createSession({ budget, counter }) {
      const engine = createContextEngine({ budget, tokenCounter: counter, onBudgetExceeded: 'compress-mandatory', ...options });
      return {
        ingest(messages) {
          engine.ingest(messages);
        },
        async view({ query, purpose = 'probe' }) {
          return engine.assemble(query === undefined || purpose === 'turn' ? {} : { query }).messages.map(viewMessageToCairnMessage);
        },
      };
    },
  };
}

const share = Number(process.argv[2] ?? '0.05');
const a = cairnWith('a', JSON.parse(process.argv[3] ?? '{}') as Partial<ContextEngineOptions>);
const b = cairnWith('b', JSON.parse(process.argv[4] ?? '{"prefix":{"briefLines":"exact","briefChanges":"appended"}}') as Partial<ContextEngineOptions>);
const data = (await loadDatasets(process.argv[5] ?? '../shared/data')).filter((dataset) => dataset.name.includes(process.argv[6] ?? 'coder'));
let differing = 0;
for (const dataset of data) {
  for (const session of dataset.sessions) {
    const counter = createCachingTokenCounter(createBpeTokenCounter());
    const prepared = prepareSession(session, counter, DEFAULT_MAX_TURNS);
    const left = await replaySession({ prepared, strategy: a, budgetShare: share, counter });
    const right = await replaySession({ prepared, strategy: b, budgetShare: share, counter });
    if (left.deadEndVisible === right.deadEndVisible) continue;
    differing++;
    const budget = Math.round(share * prepared.cumulativeTokens.at(-1)!);
    console.log(`${session.id}: ${left.deadEndChecks} checks, visible A ${left.deadEndVisible}, B ${right.deadEndVisible} (budget ${budget} tokens)`);
  }
}
console.log(`${differing} runs differ at ${share} of their history.`);
