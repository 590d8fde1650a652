import { CairnError } from '@cairn/core';
import type { CairnLogger } from './cairn-logger.js';
import { ObservedPromise } from './observed-promise.js';

/**
 * The error the next read raises for a failed write that nobody awaited: the same `CairnError`
 * code and details, a message that says where it came from, the original as `cause`. An error
 * that is not a `CairnError` (a store failure) is raised as it is.
 */
function unawaitedWriteError(error: unknown): unknown {
  if (!CairnError.isInstance(error)) return error;
  return new CairnError({
    code: error.code,
    message: `An earlier memory.add() that nobody awaited failed, and its message was not stored: ${error.message}`,
    details: error.details,
    cause: error,
  });
}

/**
 * Writes whose callers may not await them (LlamaIndex agents and streaming chat engines call
 * `memory.add` without `await`): a write that fails while nobody has subscribed to its promise
 * is logged at once and kept, and the next read raises it (once). Never an unhandled rejection,
 * never lost silently.
 *
 * @internal
 */
export class UnawaitedWrites {
  private failure: { error: unknown } | undefined;

  constructor(private readonly logger: CairnLogger) {}

  /**
   * Starts a write. `write` gets `failed`, to call with its error from inside the session queue
   * (so a read that waits for the queue sees it); a failure before the queue is caught here.
   * @returns The write's promise: it rejects for a caller that awaits it.
   */
  start(write: (failed: (error: unknown) => void) => Promise<void>): Promise<void> {
    let recorded = false;
    const failed = (error: unknown): void => {
      if (recorded || written.observed) return;
      recorded = true;
      this.failure ??= { error: unawaitedWriteError(error) };
      this.logger.warn('cairn: a memory.add() that nobody awaited failed; the message was not stored, and the next read of the memory (getLLM, get) throws this error.', error);
    };
    const written: ObservedPromise<void> = new ObservedPromise<void>((resolve, reject) => {
      write(failed).then(resolve, (error: unknown) => {
        failed(error);
        reject(error);
      });
    });
    return written.silence();
  }

  /** Throws the failure of a write nobody awaited, once. */
  raise(): void {
    const failure = this.failure;
    if (!failure) return;
    this.failure = undefined;
    throw failure.error;
  }

  /** Forgets a pending failure (the history it belonged to was cleared). */
  clear(): void {
    this.failure = undefined;
  }
}
