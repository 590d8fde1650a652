import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type BenchmarkDataset,
  createSyntheticDataset,
  DEFAULT_BILLING_BUDGETS,
  DEFAULT_CACHED_TOKEN_RATIO,
  DEFAULT_MIN_LENGTH_RATIO,
  renderBillingTable,
  runBillingBenchmark,
  STRATEGIES,
  STRATEGY_NAMES,
  type StrategyName,
} from '@cairn/bench';
import { CliError } from './cli-error.js';
import type { CliIo } from './cli-io.js';
import { chooseEmbeddingsStrategy } from './embeddings-strategy.js';
import { loadRealDatasets } from './load-real-datasets.js';
import { parseSyntheticSpecs } from './parse-synthetic-specs.js';
import { createProgressBar } from './progress-bar.js';

/** `cairn billing --help`. */
export const BILLING_USAGE = `Usage: cairn billing [--data DIR] [--budget-tokens 8000,16000,32000] [options]

Replays every turn of the agent runs at fixed token budgets and prints, per strategy, the tokens
sent and the tokens a provider with a prompt cache bills: each call's leading messages identical
to the previous call's at the cached price, the rest at full price. Only runs at least
--min-ratio budgets long take part at a budget.

  --data DIR            also the real agent runs in DIR (tau-bench-airline/, coder-swebench-lite/)
  --synthetic SPEC      default | none | kind:messages:seed,… (default: the bundled sessions)
  --budget-tokens LIST  budgets in tokens (default ${DEFAULT_BILLING_BUDGETS.join(',')})
  --min-ratio N         history at least N budgets long (default ${DEFAULT_MIN_LENGTH_RATIO})
  --cached-ratio R      price of a cached token, as a share of an uncached one (default ${DEFAULT_CACHED_TOKEN_RATIO})
  --strategies LIST     a subset of ${STRATEGY_NAMES.join(', ')}
  --embeddings-model P  add the cairn+embeddings row with this word-vector model
  --max-sessions N      at most N session files per real data set`;

function numberList(text: string, name: string, check: (value: number) => boolean): number[] {
  return text.split(',').map((part) => {
    const value = Number(part.trim());
    if (!check(value)) throw new CliError(`--${name}: "${part}" is not valid (cairn billing --help)`, 2);
    return value;
  });
}

/**
 * `cairn billing`: billed tokens per strategy at fixed token budgets.
 *
 * @param args - The arguments after `billing`.
 * @param io - Streams, working folder and clock.
 * @returns The exit code.
 * @throws `CliError` for bad usage or input.
 */
export async function billingCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      data: { type: 'string' },
      synthetic: { type: 'string' },
      'budget-tokens': { type: 'string' },
      'min-ratio': { type: 'string' },
      'cached-ratio': { type: 'string' },
      strategies: { type: 'string' },
      'embeddings-model': { type: 'string' },
      'max-sessions': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout.write(`${BILLING_USAGE}\n`);
    return 0;
  }
  const budgetTokens = values['budget-tokens'] === undefined ? DEFAULT_BILLING_BUDGETS : numberList(values['budget-tokens'], 'budget-tokens', (value) => Number.isInteger(value) && value >= 1);
  const [minLengthRatio] = values['min-ratio'] === undefined ? [DEFAULT_MIN_LENGTH_RATIO] : numberList(values['min-ratio'], 'min-ratio', (value) => value > 0);
  const [cachedTokenRatio] = values['cached-ratio'] === undefined ? [DEFAULT_CACHED_TOKEN_RATIO] : numberList(values['cached-ratio'], 'cached-ratio', (value) => value >= 0 && value <= 1);
  const names = values.strategies === undefined ? STRATEGY_NAMES : values.strategies.split(',').map((name) => name.trim());
  for (const name of names) if (!(STRATEGY_NAMES as readonly string[]).includes(name)) throw new CliError(`--strategies: unknown strategy "${name}"; use some of ${STRATEGY_NAMES.join(', ')}`, 2);
  const strategies = names.map((name) => STRATEGIES[name as StrategyName]);
  if (values['embeddings-model'] !== undefined) {
    const choice = chooseEmbeddingsStrategy(values['embeddings-model']);
    io.stderr.write(`${choice.note}\n`);
    if (choice.strategy) strategies.push(choice.strategy);
  }
  const maxSessions = values['max-sessions'] === undefined ? undefined : numberList(values['max-sessions'], 'max-sessions', (value) => Number.isInteger(value) && value >= 1)[0];
  const specs = parseSyntheticSpecs(values.synthetic);
  const datasets: BenchmarkDataset[] = specs.length > 0 ? [createSyntheticDataset(specs)] : [];
  if (values.data !== undefined) datasets.push(...(await loadRealDatasets(resolve(io.cwd, values.data), values.data, maxSessions)));
  if (datasets.length === 0) throw new CliError('nothing to run: --synthetic none and no --data DIR', 2);
  const bar = createProgressBar({ stream: io.stderr, now: io.now });
  const result = await runBillingBenchmark({ datasets, strategies, budgetTokens, minLengthRatio: minLengthRatio!, cachedTokenRatio: cachedTokenRatio!, onProgress: (done, total, label) => bar.update(done, total, label) });
  bar.finish();
  io.stdout.write(`${renderBillingTable(result)}\n`);
  return 0;
}
