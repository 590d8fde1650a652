import { CliError } from './cli-error.js';

/**
 * The single FILE argument of `replay` and `inspect`.
 *
 * @param positionals - The positional arguments after the command.
 * @param command - The command's name, for the error.
 * @returns The file.
 * @throws {@link CliError} (exit 2) for none or several.
 */
export function requireOneFile(positionals: readonly string[], command: string): string {
  if (positionals.length !== 1) throw new CliError(`${command} needs exactly one session FILE (.jsonl or .json); got ${positionals.length === 0 ? 'none' : positionals.join(' ')}. See cairn ${command} --help.`, 2);
  return positionals[0]!;
}
