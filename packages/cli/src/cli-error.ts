const MARKER = Symbol.for('cairn.cli.cli-error');

/**
 * An error the CLI reports as one line (`cairn: <message>`) with a non-zero exit code: 2 for bad
 * usage, 1 for bad input.
 *
 * @example
 * ```ts
 * throw new CliError('--turn needs a whole number from 1 to 40; got "x"', 2);
 * ```
 */
export class CliError extends Error {
  readonly [MARKER] = true;
  /** The process exit code. */
  readonly exitCode: number;

  constructor(message: string, exitCode = 1, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }

  /** True for a `CliError` from any copy of this package. */
  static isInstance(error: unknown): error is CliError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}
