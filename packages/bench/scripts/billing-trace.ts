// Why a strategy bills what it bills: the `cairn billing` replay (every turn, fixed token budgets,
// runs at least 3 budgets long, probes asked where the bench asks them) traced turn by turn, per
// strategy, data set and budget:
//   turns        turn pairs billed (a turn after each run's first, as `cairn billing` counts them)
//   view         mean tokens of a turn's view (raw)
//   new          mean uncached tokens a turn (what follows the prefix shared with the previous call)
//   cached       mean cached tokens a turn
//   billed       sum of new + ratio × cached over the turns
//   prefix       mean share of the previous view's messages kept as the prefix (prefix stability)
//   breaks       turn pairs whose previous view is not the next one's prefix, share of all pairs
//   kept@break   mean share of the previous view's tokens kept as the prefix on a break
//   resent       tokens of the previous view after the break, summed (what the break made uncached)
//   new@break    uncached tokens of the turns that broke the prefix, summed (the rest: append-only turns)
//   after probe  turn pairs right after a probe (the bench asks a question between them)
// Optional extra cairn rows: ENGINE_OPTIONS_JSON is a JSON object of { rowName: engineOptions }.
// MIN_RATIO: runs at least that many budgets long take part (default 3, as in `cairn billing`; the
// tau-bench runs are 3–12k tokens, so they take part at small budgets with a ratio of 1).
// Run:
//   npx tsx --conditions=@cairn/source packages/bench/scripts/billing-trace.ts [DATA_DIR] [BUDGETS] [DATASET_SUBSTRINGS] [ENGINE_OPTIONS_JSON] [STRATEGIES] [MIN_RATIO]
import { type CairnMessage, countMessageTokens, createBpeTokenCounter, createContextEngine, type ContextEngineOptions } from '@cairn/core';
import { type BenchmarkDataset, type ContextStrategy, createSyntheticDataset, loadDatasets, STRATEGIES, viewMessageToCairnMessage } from '../src/index.js';
import { stablePrefixShare } from '../src/metrics/prefix-stability.js';
import { createCachingTokenCounter } from '../src/runner/caching-token-counter.js';
import { prepareSession } from '../src/runner/prepare-session.js';
import { latestUserText } from '../src/runner/find-turn-points.js';

const dataDir = process.argv[2] ?? '../shared/data';
const budgets = (process.argv[3] ?? '8000,16000,32000').split(',').map(Number);
const only = (process.argv[4] ?? 'synthetic,coder').split(',');
const extra = JSON.parse(process.argv[5] ?? '{}') as Record<string, Partial<ContextEngineOptions>>;
const names = (process.argv[6] ?? 'cairn,prune,recency').split(',');
const RATIO = 0.1;
const MIN_LENGTH_RATIO = Number(process.argv[7] ?? '3');

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
          const { messages } = engine.assemble(query === undefined || purpose === 'turn' ? {} : { query });
          return messages.map(viewMessageToCairnMessage);
        },
      };
    },
  };
}

const strategies: ContextStrategy[] = [...names.map((name) => STRATEGIES[name as keyof typeof STRATEGIES]), ...Object.entries(extra).map(([name, options]) => cairnWith(name, options))];
const counter = createCachingTokenCounter(createBpeTokenCounter());
const datasets: BenchmarkDataset[] = [
  createSyntheticDataset([
    { kind: 'coding', messages: 600, seed: 2 },
    { kind: 'support', messages: 600, seed: 7 },
    { kind: 'mixed', messages: 900, seed: 3 },
  ]),
  ...(await loadDatasets(dataDir)),
].filter((dataset) => only.some((part) => dataset.name.includes(part)));

const tokensOf = (messages: readonly CairnMessage[], from = 0, to = messages.length): number => {
  let sum = 0;
  for (let index = from; index < to; index++) sum += countMessageTokens(messages[index]!, counter);
  return sum;
};

const rows: string[][] = [['data', 'budget', 'strategy', 'runs', 'turns', 'view', 'new', 'cached', 'billed', 'prefix', 'breaks', 'kept@break', 'resent', 'new@break', 'after probe', 'history/turn']];
for (const dataset of datasets) {
  for (const budget of budgets) {
    for (const strategy of strategies) {
      const t = { runs: 0, turns: 0, view: 0, cached: 0, breaks: 0, keptAtBreak: 0, resent: 0, newAtBreak: 0, afterProbe: 0, growth: 0, share: 0 };
      for (const session of dataset.sessions) {
        if (session.replay !== 'agent') continue;
        const prepared = prepareSession(session, counter, Number.MAX_SAFE_INTEGER);
        if (prepared.cumulativeTokens.at(-1)! < MIN_LENGTH_RATIO * budget) continue;
        t.runs++;
        const live = strategy.createSession({ budget, counter });
        let ingested = 0;
        let previous: { position: number; view: CairnMessage[]; index: number } | undefined;
        let probed = false;
        for (const checkpoint of prepared.checkpoints) {
          if (checkpoint.index > ingested) {
            await live.ingest(session.messages.slice(ingested, checkpoint.index));
            ingested = checkpoint.index;
          }
          if (checkpoint.turnPosition !== undefined) {
            let view: CairnMessage[] = [];
            try {
              view = await live.view({ query: latestUserText(session.messages, checkpoint.index), purpose: 'turn' });
            } catch {
              view = [];
            }
            if (previous && previous.position + 1 === checkpoint.turnPosition) {
              const raw = tokensOf(view);
              const share = stablePrefixShare(previous.view, view);
              t.share += share;
              const kept = Math.round(share * previous.view.length);
              const cached = tokensOf(view, 0, kept);
              t.turns++;
              t.view += raw;
              t.cached += cached;
              t.growth += prepared.cumulativeTokens[checkpoint.index]! - prepared.cumulativeTokens[previous.index]!;
              if (probed) t.afterProbe++;
              if (kept < previous.view.length) {
                t.breaks++;
                const before = tokensOf(previous.view);
                t.keptAtBreak += before > 0 ? cached / before : 1;
                t.resent += before - cached;
                t.newAtBreak += raw - cached;
              }
            }
            probed = false;
            previous = { position: checkpoint.turnPosition, view, index: checkpoint.index };
          }
          for (const probe of checkpoint.probes) {
            probed = true;
            try {
              await live.view({ query: probe.question, purpose: 'probe' });
            } catch {
              // measured by the bench, not here
            }
          }
        }
      }
      if (t.turns === 0) continue;
      const uncached = t.view - t.cached;
      const k = (value: number) => (value >= 1e6 ? `${(value / 1e6).toFixed(2)}M` : value >= 1e4 ? `${Math.round(value / 1e3)}k` : String(Math.round(value)));
      rows.push([
        dataset.name,
        String(budget),
        strategy.name,
        String(t.runs),
        String(t.turns),
        k(t.view / t.turns),
        k(uncached / t.turns),
        k(t.cached / t.turns),
        k(uncached + RATIO * t.cached),
        `${((100 * t.share) / t.turns).toFixed(1)}%`,
        `${t.breaks} (${((100 * t.breaks) / t.turns).toFixed(0)}%)`,
        t.breaks > 0 ? `${((100 * t.keptAtBreak) / t.breaks).toFixed(0)}%` : '–',
        k(t.resent),
        k(t.newAtBreak),
        String(t.afterProbe),
        k(t.growth / t.turns),
      ]);
    }
  }
}
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
console.log(`# Billing trace (data ${dataDir}; cached at ${RATIO}; every turn; runs ≥ ${MIN_LENGTH_RATIO} budgets)`);
console.log(rows.map((row) => row.map((text, column) => (column < 3 ? text.padEnd(widths[column]!) : text.padStart(widths[column]!))).join('  ')).join('\n'));
