// Views that throw BUDGET_EXCEEDED on the recorded agent runs with the default engine and
// onBudgetExceeded: 'compress-mandatory', replayed the way the benchmark replays them (a view at
// each sampled turn, 60 turns per session). For each refused view it computes an independent lower
// bound — the system prompt and latest user turn reduced to their bare markers (no content at
// all), every other message inside plain placeholder runs — and counts refusals whose bound is over
// the budget (no view could be built even with empty messages) apart from the rest (a view exists
// only by cutting messages below cairn's floor of 12 content tokens or shortening placeholders).
// Run:
//   npx tsx --conditions=@cairn/source packages/bench/scripts/budget-exceeded-report.ts [DATA_DIR] [BUDGET_SHARE] [DATASET_SUBSTRING]
import { CairnError, createContextEngine, createBpeTokenCounter } from '@cairn/core';
import { loadDatasets } from '../src/runner/load-datasets.js';
import { createCachingTokenCounter } from '../src/runner/caching-token-counter.js';
import { prepareSession } from '../src/runner/prepare-session.js';

const dataDir = process.argv[2] ?? '../shared/data';
const share = Number(process.argv[3] ?? '0.05');
const only = process.argv[4] ?? 'tau';
const datasets = (await loadDatasets(dataDir)).filter((dataset) => dataset.name.includes(only));
const errors = new Map<string, number>();
let views = 0;
let failed = 0;
let boundOver = 0;
let boundUnder = 0;
for (const dataset of datasets) {
  for (const session of dataset.sessions) {
    const counter = createCachingTokenCounter(createBpeTokenCounter());
    const prepared = prepareSession(session, counter, 60);
    const budget = Math.max(1, Math.round(share * prepared.cumulativeTokens.at(-1)!));
    const engine = createContextEngine({ budget, tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
    let ingested = 0;
    for (const checkpoint of prepared.checkpoints) {
      if (checkpoint.turnPosition === undefined) continue;
      if (checkpoint.index > ingested) {
        engine.ingest(session.messages.slice(ingested, checkpoint.index));
        ingested = checkpoint.index;
      }
      views++;
      try {
        engine.assemble({});
      } catch (error) {
        failed++;
        const key = CairnError.isInstance(error) ? error.code : String(error);
        errors.set(key, (errors.get(key) ?? 0) + 1);
        const messages = session.messages.slice(0, checkpoint.index);
        const cost = (text: string): number => 4 + counter.count(text);
        const latest = messages.findLastIndex((message) => message.role === 'user');
        let bound = 0;
        let run: string[] = [];
        const flush = (): void => {
          if (run.length > 0) bound += cost(run.length === 1 ? `[cairn:placeholder id=${run[0]}]` : `[cairn:placeholder from=${run[0]} to=${run.at(-1)} count=${run.length}]`);
          run = [];
        };
        messages.forEach((message, index) => {
          if (message.role !== 'system' && index !== latest) return void run.push(message.id);
          flush();
          bound += Math.min(cost(String(message.content)), cost(`[cairn:compressed id=${message.id}] …`));
        });
        flush();
        if (bound > budget) boundOver++;
        else boundUnder++;
      }
    }
  }
}
console.log(`Data: ${dataDir} (${datasets.map((dataset) => dataset.name).join(', ')}), budget ${share} of each session's history, onBudgetExceeded: 'compress-mandatory'.`);
console.log(`views ${views}, refused ${failed} (${[...errors].map(([code, count]) => `${code} ×${count}`).join(', ') || 'none'}); bare-marker bound over the budget: ${boundOver}, under: ${boundUnder}`);
