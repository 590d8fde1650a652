/** Where the CLI writes and reads; injected so tests can run commands in-process. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  /** Folder relative paths are resolved against. */
  cwd: string;
  /** Clock in milliseconds (progress and durations). */
  now: () => number;
}

/**
 * The process's streams, and the folder the user ran the command in (`INIT_CWD` when run through
 * an npm script, which changes into the package folder).
 *
 * @returns The real I/O.
 */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, cwd: process.env['INIT_CWD'] ?? process.cwd(), now: () => performance.now() };
}
