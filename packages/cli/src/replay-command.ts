import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createCachingTokenCounter } from '@cairn/bench';
import { createBpeTokenCounter } from '@cairn/core';
import type { CliIo } from './cli-io.js';
import { describeCuts } from './describe-cuts.js';
import { parseBudget } from './parse-budget.js';
import { readReplaySession } from './read-replay-session.js';
import { replayTurns } from './replay-turns.js';
import { requireOneFile } from './require-one-file.js';
import { resolveBudget } from './resolve-budget.js';

/** `cairn replay --help`. */
export const REPLAY_USAGE = `Usage: cairn replay FILE [--budget N|N%] [--agent NAME]

Replays one session (.jsonl, or .json with OpenAI / AI SDK messages) through the cairn engine
turn by turn (a view before each assistant message, for the latest user message) and prints per
turn: tokens in (history) and out (view), the fidelity mix of units, direction drift, what was
cut and why, and the dead-end guard's warnings for the calls the agent is about to repeat.

  --budget N|N%   view budget in tokens, or a share of the history (default: 10%, at least 2000)
  --agent NAME    for multi-agent logs (CodeR): whose context to replay (default: the first)`;

const thousands = (value: number): string => value.toLocaleString('en-US');

/**
 * `cairn replay FILE`: prints one line per turn of the engine's replay of a session.
 *
 * @param args - The arguments after `replay`.
 * @param io - Streams and working folder.
 * @returns The exit code.
 * @throws `CliError` for bad usage or input.
 */
export async function replayCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args: [...args], allowPositionals: true, options: { budget: { type: 'string' }, agent: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    io.stdout.write(`${REPLAY_USAGE}\n`);
    return 0;
  }
  const file = requireOneFile(positionals, 'replay');
  const session = await readReplaySession(file, resolve(io.cwd, file), values.agent);
  const counter = createCachingTokenCounter(createBpeTokenCounter());
  const { budget, historyTokens } = resolveBudget(values.budget === undefined ? undefined : parseBudget(values.budget), session.messages, counter);
  const agentNote = session.agents.length > 1 ? ` (agent ${session.agent} of ${session.agents.join(', ')}; --agent to choose)` : '';
  io.stdout.write(`cairn replay ${file}${agentNote}: ${session.messages.length} messages, ${thousands(historyTokens)} history tokens, budget ${thousands(budget)} tokens (${counter.id})\n`);
  io.stdout.write('turn   msg#    in tok   out tok  usage  units full/compressed/placeholder  drift  cut this turn (why)\n');
  let turns = 0;
  let failed = 0;
  let overBudget = 0;
  let warnings = 0;
  for (const turn of replayTurns({ messages: session.messages, budget, counter, source: file })) {
    turns += 1;
    warnings += turn.deadEndWarnings.length;
    const guard = turn.deadEndWarnings.map((warning) => `\n        ⚠ ${warning.verdict} ${warning.name}: ${warning.reason}`).join('');
    const head = `${String(turn.turn).padStart(4)}  ${String(turn.messageIndex).padStart(5)}`;
    if (!turn.result) {
      failed += 1;
      io.stdout.write(`${head}  no view: ${turn.error}${guard}\n`);
      continue;
    }
    const { metadata } = turn.result;
    if (metadata.tokens > budget) overBudget += 1;
    const mix = `${metadata.counts.full}/${metadata.counts.compressed}/${metadata.counts.placeholder}`;
    io.stdout.write(
      `${head}  ${thousands(metadata.historyTokens).padStart(8)}  ${thousands(metadata.tokens).padStart(8)}  ${`${Math.round(metadata.usage * 100)}%`.padStart(5)}  ${mix.padStart(32)}  ${metadata.direction.drift.toFixed(2).padStart(5)}  ${metadata.mode === 'passthrough' ? 'passthrough (whole history fits)' : describeCuts(metadata.decisions)}${guard}\n`,
    );
  }
  io.stdout.write(`${turns} turns; ${failed} without a view; ${overBudget} over budget; ${warnings} repeated-dead-end warnings.\n`);
  return 0;
}
