import { createIdleMaintenance, type ContextEngine, type IdleConsolidation, type IdleConsolidationOptions } from '@cairn/core';

export type { IdleConsolidation, IdleConsolidationOptions };

/**
 * Runs core's background maintenance when a session goes idle: every `afterMs`, if no message
 * arrived since the previous check and some did since the last run, `engine.consolidate()`
 * (freezes and merges stale consolidated pages), then `engine.summarize()` and
 * `engine.summarizePages()` (the summariser, if the engine has one, writes the summaries of
 * compressed units and of consolidated pages). The logic is core's `createIdleMaintenance`
 * (core has no timers); this adds the timer: unref'd (it never keeps a process alive), cancelled
 * by `close()`.
 *
 * @throws RangeError for an `afterMs` that is not a number ≥ 1.
 * @example
 * ```ts
 * const idle = scheduleIdleConsolidation(engine, { afterMs: 60_000 });
 * idle.close(); // on shutdown
 * ```
 */
export function scheduleIdleConsolidation(engine: ContextEngine, { afterMs, onError }: IdleConsolidationOptions): IdleConsolidation {
  if (typeof afterMs !== 'number' || !Number.isFinite(afterMs) || afterMs < 1) throw new RangeError(`scheduleIdleConsolidation: afterMs must be a number ≥ 1; got ${String(afterMs)}.`);
  const maintenance = createIdleMaintenance(engine, onError ? { onError } : {});
  const timer = setInterval(() => maintenance.tick(), afterMs);
  timer.unref?.();
  return { run: () => maintenance.run(), close: () => clearInterval(timer) };
}
