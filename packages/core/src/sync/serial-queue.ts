/**
 * Runs tasks one after another, in the order they were queued: a session's syncs and views never
 * interleave, even when a framework calls in parallel (parallel tool calls, unawaited writes). A
 * failed task does not block the next one; its caller gets the failure.
 *
 * @example
 * ```ts
 * const queue = new SerialQueue();
 * const view = await queue.run(async () => { await sync(history); return assemble(); });
 * ```
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  /**
   * Queues `task` after every task queued before it.
   * @returns What `task` returns (or rejects with).
   */
  run<T>(task: () => T | Promise<T>): Promise<T> {
    const run = this.#tail.then(task, task);
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /** Settles once every task queued so far has settled (never rejects). */
  settled(): Promise<void> {
    return this.#tail.then(() => undefined);
  }
}
