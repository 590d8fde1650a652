import type { ContextEngine } from '../engine/index.js';

/** Options of {@link createIdleMaintenance}. */
export interface IdleMaintenanceOptions {
  /** Told of an error of a run (it is never thrown anywhere else). @default errors are dropped */
  onError?: (error: unknown) => void;
}

/** Options of an adapter's `scheduleIdleConsolidation` (the timer around {@link createIdleMaintenance}). */
export interface IdleConsolidationOptions {
  /** How long no new message may arrive before the engine counts as idle, in milliseconds (≥ 1). */
  afterMs: number;
  /** Told of an error of an idle run (it never throws anywhere else). @default errors are dropped */
  onError?: (error: unknown) => void;
}

/** A running idle schedule (an adapter's `scheduleIdleConsolidation`). */
export interface IdleConsolidation {
  /** Runs the maintenance now (consolidate, then summarise); the promise settles when it is done. */
  run(): Promise<void>;
  /** Stops the schedule (an idle run in flight finishes). Safe to call twice. */
  close(): void;
}

/** Background maintenance run when a session goes idle; the host's timer calls `tick`. */
export interface IdleMaintenance {
  /**
   * One check of the host's timer: when no message arrived since the previous tick and some did
   * since the last run, starts a run (not awaited). Calls between runs cost a message count.
   */
  tick(): void;
  /** Runs the maintenance now (consolidate, then summarise); settles when done. One run at a time. */
  run(): Promise<void>;
}

/**
 * The logic of "maintain a session when it goes idle", without a timer (core has none): a host
 * calls `tick()` every interval of its choosing (the adapters' `scheduleIdleConsolidation` does,
 * on an unref'd timer). A run is `engine.consolidate()` (freezes and merges stale consolidated
 * pages), then `engine.summarize()` and `engine.summarizePages()` (the summariser, if the engine
 * has one, writes the summaries of compressed units and of consolidated pages). One run at a
 * time; a failed run is not retried until new messages arrive.
 *
 * @example
 * ```ts
 * const maintenance = createIdleMaintenance(engine, { onError: console.warn });
 * const timer = setInterval(() => maintenance.tick(), 60_000); // the host's timer
 * ```
 */
export function createIdleMaintenance(engine: ContextEngine, { onError }: IdleMaintenanceOptions = {}): IdleMaintenance {
  let seen = engine.getMessages().length;
  let done = -1;
  let running: Promise<void> | undefined;
  const run = (): Promise<void> => {
    if (running) return running;
    const count = engine.getMessages().length;
    running = (async () => {
      engine.consolidate();
      await engine.summarize();
      await engine.summarizePages();
    })()
      .catch((error: unknown) => onError?.(error))
      .finally(() => {
        done = count;
        running = undefined;
      });
    return running;
  };
  return {
    run,
    tick: () => {
      const count = engine.getMessages().length;
      const idle = count === seen;
      seen = count;
      if (idle && count !== done && !running) void run();
    },
  };
}
