import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_EXPOSURE_BUDGET, formatGuardReport, runGuardReport } from '@cairn/bench';
import { CliError } from './cli-error.js';
import type { CliIo } from './cli-io.js';
import { loadRealDatasets } from './load-real-datasets.js';
import { parseBudgetShares } from './parse-budget.js';

/** `cairn guard --help`. */
export const GUARD_USAGE = `Usage: cairn guard [--data DIR] [--budget 0.1] [--max-sessions N] [--skip-synthetic]

Measures the dead-end guard: replays every agent session turn by turn and asks the guard about
each tool call before it runs. Prints, per data set (split by run into tune and holdout halves),
how many repeats of failed calls failed again and the share the guard flagged (exact repeats,
repeats into an unchanged state, near-identical repeats), its false flags against a naive
exact-match guard, and the dead-end exposure at the budget for cairn with and without its
brief and for the baselines. Without --data it measures generated sessions only.

  --data DIR          the real agent runs in DIR (tau-bench-airline/runs/, coder-swebench-lite/runs/)
  --budget SHARE      exposure budget, a share of each session's history tokens (default ${DEFAULT_EXPOSURE_BUDGET})
  --max-sessions N    at most N session files per real data set
  --skip-synthetic    measure the real sets only (needs --data)`;

/**
 * `cairn guard`: prints the guard report as Markdown.
 *
 * @param args - The arguments after `guard`.
 * @param io - Streams and working folder.
 * @returns The exit code.
 * @throws `CliError` for bad usage or input.
 */
export async function guardCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { data: { type: 'string' }, budget: { type: 'string' }, 'max-sessions': { type: 'string' }, 'skip-synthetic': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.stdout.write(`${GUARD_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new CliError(`guard takes no file arguments; got ${positionals.join(' ')} (use --data DIR). See cairn guard --help.`, 2);
  const budgets = values.budget === undefined ? [DEFAULT_EXPOSURE_BUDGET] : parseBudgetShares(values.budget);
  if (budgets.length !== 1) throw new CliError(`--budget takes one share; got "${values.budget}"`, 2);
  const maxText = values['max-sessions'];
  const maxSessions = maxText === undefined ? undefined : Number(maxText);
  if (maxSessions !== undefined && !(Number.isInteger(maxSessions) && maxSessions >= 1)) throw new CliError(`--max-sessions needs a whole number from 1; got "${maxText}"`, 2);
  const synthetic = values['skip-synthetic'] !== true;
  if (!synthetic && values.data === undefined) throw new CliError('nothing to measure: --skip-synthetic and no --data DIR', 2);
  const datasets = values.data === undefined ? [] : await loadRealDatasets(resolve(io.cwd, values.data), values.data, maxSessions);
  const started = io.now();
  const report = await runGuardReport({ datasets, budgetShare: budgets[0]!, synthetic, onProgress: (dataset) => io.stderr.write(`measuring exposure on ${dataset}…\n`) });
  io.stdout.write(`${formatGuardReport(report)}\n\n${datasets.length + (synthetic ? 1 : 0)} data sets in ${((io.now() - started) / 1000).toFixed(1)} s\n`);
  return 0;
}
