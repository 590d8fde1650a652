import { DEFAULT_WARM_UNITS, type ContextEngine } from '../engine/index.js';
import { CairnError } from '../log/index.js';

/** Options of {@link createIdleMaintenance}. */
export interface IdleMaintenanceOptions {
  /** Told of an error of a run (it is never thrown anywhere else). @default errors are dropped */
  onError?: (error: unknown) => void;
  /**
   * Units `engine.warm()` compresses after each run, and on each idle tick while some are left
   * (the next new question then shows them without compressing them on the turn; views never
   * change). `false`: no warm-up.
   * @default DEFAULT_WARM_UNITS (256)
   */
  warmUnits?: number | false;
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
 * has one, writes the summaries of compressed units and of consolidated pages), then
 * `engine.warm()` over `warmUnits` units; each later idle tick warms `warmUnits` more while some
 * are left. One run at a time; a failed run is not retried until new messages arrive.
 *
 * @throws CairnError `INVALID_OPTIONS` for a `warmUnits` that is neither `false` nor a whole number ≥ 0.
 * @example
 * ```ts
 * const maintenance = createIdleMaintenance(engine, { onError: console.warn });
 * const timer = setInterval(() => maintenance.tick(), 60_000); // the host's timer
 * ```
 */
export function createIdleMaintenance(engine: ContextEngine, { onError, warmUnits = DEFAULT_WARM_UNITS }: IdleMaintenanceOptions = {}): IdleMaintenance {
  if (warmUnits !== false && (typeof warmUnits !== 'number' || !Number.isInteger(warmUnits) || warmUnits < 0)) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `createIdleMaintenance: warmUnits must be false or a whole number ≥ 0; got ${String(warmUnits)}.`, details: { warmUnits } });
  }
  let seen = engine.getMessages().length;
  let done = -1;
  let running: Promise<void> | undefined;
  /** Units the last warm-up left (-1: not known yet). */
  let warmLeft = -1;
  const warm = (): void => {
    if (warmUnits === false) return;
    warmLeft = engine.warm({ maxUnits: warmUnits }).remaining;
  };
  const run = (): Promise<void> => {
    if (running) return running;
    const count = engine.getMessages().length;
    running = (async () => {
      engine.consolidate();
      await engine.summarize();
      await engine.summarizePages();
      warm();
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
      else if (idle && count === done && !running && warmLeft > 0) {
        try {
          warm();
        } catch (error) {
          warmLeft = 0;
          onError?.(error);
        }
      }
    },
  };
}
