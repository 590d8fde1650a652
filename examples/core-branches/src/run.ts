/** Runs an example's main function and exits non-zero with a one-line message on failure. */
export function run(main: () => Promise<void> | void): void {
  Promise.resolve()
    .then(main)
    .catch((error: unknown) => {
      console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
      process.exitCode = 1;
    });
}
