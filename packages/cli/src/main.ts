import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchCommand } from './bench-command.js';
import { billingCommand } from './billing-command.js';
import { CliError } from './cli-error.js';
import { guardCommand } from './guard-command.js';
import { type CliIo, processIo } from './cli-io.js';
import { inspectCommand } from './inspect-command.js';
import { replayCommand } from './replay-command.js';

/** `cairn --help`. */
export const USAGE = `cairn — the context engine for long-running agents

Usage:
  cairn bench [--data DIR] [--budgets 0.05,0.1,0.2] [--out report.html]   compare strategies, write an HTML report
  cairn replay FILE [--budget N|N%] [--agent NAME]                          replay a session turn by turn
  cairn inspect FILE --turn N [--budget N|N%] [--json]                      print the view at turn N
  cairn guard [--data DIR] [--budget 0.1]                                   measure the dead-end guard and exposure
  cairn billing [--data DIR] [--budget-tokens 8000,16000,32000]             billed tokens with a prompt cache, per strategy

FILE is a .jsonl session (one message per line) or a .json OpenAI / AI SDK message array.
Run cairn COMMAND --help for a command's options.`;

const COMMANDS: Record<string, (args: readonly string[], io: CliIo) => Promise<number>> = {
  bench: benchCommand,
  replay: replayCommand,
  inspect: inspectCommand,
  guard: guardCommand,
  billing: billingCommand,
};

/**
 * Runs the `cairn` command line. Errors are reported as one line on stderr (`cairn: …`, naming
 * the file and line for bad input), with exit code 2 for bad usage and 1 for bad input.
 *
 * @param argv - The arguments after `cairn`.
 * @param io - Streams, working folder and clock. @default the process's
 * @returns The exit code.
 *
 * @example
 * ```ts
 * process.exitCode = await main(['replay', 'run.jsonl', '--budget', '10%']);
 * ```
 */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  const run = COMMANDS[command];
  try {
    if (!run) throw new CliError(`unknown command "${command}"; use bench, replay or inspect (cairn --help)`, 2);
    return await run(args, io);
  } catch (error) {
    if (CliError.isInstance(error)) {
      io.stderr.write(`cairn: ${error.message}\n`);
      return error.exitCode;
    }
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr.write(`cairn ${command}: ${(error as Error).message} (cairn ${command} --help)\n`);
      return 2;
    }
    io.stderr.write(`cairn: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}

/** Runs {@link main} on the process's arguments and sets the exit code (the `cairn` binary). */
export async function runCli(): Promise<void> {
  process.exitCode = await main(process.argv.slice(2));
}

const entry = process.argv[1];
if (entry !== undefined && realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))) void runCli();
