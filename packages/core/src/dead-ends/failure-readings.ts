import type { CairnMessage } from '../log/index.js';
import { detectFailure, type FailureSignal } from './detect-failure.js';

/**
 * The failures read from one ingested batch, each tool result read once: the dead-end tracker and
 * the playbook's curator both ask {@link detectFailure} about every tool result, with the same
 * options, so the second asks for what the first read. Only tool results read with failure
 * classes on are kept (a user message's reading depends on the turn before it). The signals are
 * shared between readers: they only read them. Lives as long as the batch.
 *
 * @example
 * ```ts
 * const readings = new FailureReadings();
 * for (const message of batch) tracker.observe(message, readings);
 * for (const message of batch) observeForPlaybook(runtime, message, context, readings);
 * ```
 * @internal
 */
export class FailureReadings {
  readonly #signals = new Map<CairnMessage, FailureSignal | undefined>();

  /** `detectFailure(message, { failureClasses })` for a tool result, read at most once per batch. */
  read(message: CairnMessage, failureClasses: boolean): FailureSignal | undefined {
    if (message.role !== 'tool' || !failureClasses) return detectFailure(message, { failureClasses });
    if (this.#signals.has(message)) return this.#signals.get(message);
    const signal = detectFailure(message, { failureClasses });
    this.#signals.set(message, signal);
    return signal;
  }
}
