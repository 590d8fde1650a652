import { createIdleMaintenance, type ContextEngine } from '@cairn/core';

/** Options of {@link scheduleIdleConsolidation}. */
export interface IdleConsolidationOptions {
  /** How long no new message may arrive before the engine counts as idle, in milliseconds (≥ 1). */
  afterMs: number;
  /** Told of an error of an idle run (it never throws anywhere else). @default errors are dropped */
  onError?: (error: unknown) => void;
}

/** A running idle schedule (see {@link scheduleIdleConsolidation}). */
export interface IdleConsolidation {
  /** Runs the maintenance now (consolidate, then summarise); the promise settles when it is done. */
  run(): Promise<void>;
  /** Stops the schedule (an idle run in flight finishes). Safe to call twice. */
  close(): void;
}

/**
 * Runs core's background maintenance when a session goes idle: every `afterMs`, if no message
 * arrived since the previous check and some did since the last run, `engine.consolidate()`
 * (freezes and merges stale consolidated pages), then `engine.summarize()` and
 * `engine.summarizePages()` (the summariser, if the engine has one, writes the summaries of
 * compressed units and of consolidated pages). The logic is core's `createIdleMaintenance`
 * (core has no timers); this adds the timer: unref'd (it never keeps a process alive), cancelled
 * by `close()`.
 *
 * @example
 * ```ts
 * const idle = scheduleIdleConsolidation(engine, { afterMs: 60_000 });
 * // … on shutdown:
 * idle.close();
 * ```
 */
export function scheduleIdleConsolidation(engine: ContextEngine, { afterMs, onError }: IdleConsolidationOptions): IdleConsolidation {
  if (typeof afterMs !== 'number' || !Number.isFinite(afterMs) || afterMs < 1) throw new RangeError(`scheduleIdleConsolidation: afterMs must be a number ≥ 1; got ${String(afterMs)}.`);
  const maintenance = createIdleMaintenance(engine, onError ? { onError } : {});
  const timer = setInterval(() => maintenance.tick(), afterMs);
  timer.unref?.();
  return { run: () => maintenance.run(), close: () => clearInterval(timer) };
}
