/**
 * Where the adapter reports what it cannot throw to a caller (a failed `memory.add` nobody
 * awaited, a second copy of `@llamaindex/core`): LlamaIndex's `Logger` (`@llamaindex/env`, as
 * `Memory` takes it), `console`, or anything with `warn`.
 */
export interface CairnLogger {
  warn(message: string, ...details: unknown[]): void;
}
