import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createCachingTokenCounter } from '@cairn/bench';
import { argumentsText, contentText, countMessageTokens, createBpeTokenCounter, type ViewMessage } from '@cairn/core';
import { CliError } from './cli-error.js';
import type { CliIo } from './cli-io.js';
import { parseBudget } from './parse-budget.js';
import { readReplaySession } from './read-replay-session.js';
import { replayWindow } from './replay-window.js';
import { requireOneFile } from './require-one-file.js';
import { resolveBudget } from './resolve-budget.js';

/** `cairn inspect --help`. */
export const INSPECT_USAGE = `Usage: cairn inspect FILE --turn N [--budget N|N%] [--agent NAME] [--json]

Prints the exact view the cairn engine assembles at turn N of a session (turn N = before the
N-th assistant message), as \`cairn replay\` numbers them: each message with its role, fidelity,
id, the ids it renders and its tokens, then its content verbatim.

  --turn N        the turn (1-based)
  --budget N|N%   view budget in tokens, or a share of the history (default: 10%, at least 2000)
  --agent NAME    for multi-agent logs (CodeR): whose context to replay
  --json          print the view messages as JSON instead`;

function renderMessage(message: ViewMessage, position: number, tokens: number): string {
  const sources = message.sourceIds.length === 1 && message.sourceIds[0] === message.id ? '' : ` (renders ${message.sourceIds.join(', ')})`;
  const lines = [`[${position}] ${message.role}${message.name ? ` ${message.name}` : ''} · ${message.fidelity} · ${message.id}${sources}${message.toolCallId ? ` · result of ${message.toolCallId}` : ''} · ${tokens} tok`];
  const text = contentText(message.content);
  if (text !== '') lines.push(text);
  for (const call of message.toolCalls ?? []) lines.push(`  → tool call ${call.id}: ${call.name} ${argumentsText(call.arguments)}`);
  return lines.join('\n');
}

/**
 * `cairn inspect FILE --turn N`: prints the view assembled at that turn.
 *
 * @param args - The arguments after `inspect`.
 * @param io - Streams and working folder.
 * @returns The exit code.
 * @throws `CliError` for bad usage or input, or a turn past the end.
 */
export async function inspectCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { turn: { type: 'string' }, budget: { type: 'string' }, agent: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.stdout.write(`${INSPECT_USAGE}\n`);
    return 0;
  }
  const file = requireOneFile(positionals, 'inspect');
  const turnNumber = Number(values.turn);
  if (values.turn === undefined || !Number.isInteger(turnNumber) || turnNumber < 1) throw new CliError(`inspect needs --turn N, a whole number from 1; got ${values.turn === undefined ? 'none' : `"${values.turn}"`}`, 2);
  const session = await readReplaySession(file, resolve(io.cwd, file), values.agent);
  const counter = createCachingTokenCounter(createBpeTokenCounter());
  const { budget } = resolveBudget(values.budget === undefined ? undefined : parseBudget(values.budget), session.messages, counter);
  // The replay as a store comonad over its turns: the view as of turn N is seek(N − 1).extract().
  const window = replayWindow({ messages: session.messages, budget, counter, source: file });
  const turns = window?.size ?? 0;
  if (!window || turnNumber > turns) throw new CliError(`${file}: no turn ${turnNumber}; the session has ${turns} turn${turns === 1 ? '' : 's'} (one before each assistant message)`, 2);
  const found = window.seek(turnNumber - 1).extract();
  if (!found.result) throw new CliError(`${file}: turn ${turnNumber} has no view: ${found.error}`);
  const { messages, metadata } = found.result;
  if (values.json) {
    io.stdout.write(`${JSON.stringify(messages, null, 2)}\n`);
    return 0;
  }
  const before = session.messages[found.messageIndex]!;
  io.stdout.write(`cairn inspect ${file}${session.agent && session.agents.length > 1 ? ` (agent ${session.agent})` : ''} — turn ${turnNumber}: the view before message #${found.messageIndex + 1} (${before.id})${found.query === undefined ? '' : `, for "${found.query.slice(0, 80).replace(/\s+/g, ' ')}${found.query.length > 80 ? '…' : ''}"`}\n`);
  io.stdout.write(`budget ${budget} tokens; view ${metadata.tokens} tokens from ${metadata.historyTokens} history tokens (${metadata.mode}); units full ${metadata.counts.full} / compressed ${metadata.counts.compressed} / placeholder ${metadata.counts.placeholder}; ${messages.length} messages\n\n`);
  io.stdout.write(`${messages.map((message, index) => renderMessage(message, index + 1, countMessageTokens(message, counter))).join('\n\n')}\n`);
  return 0;
}
