import { CairnError } from '../log/index.js';

/**
 * How long an adapter waits for a background model call (a summariser or a reflector) before it
 * abandons it, in milliseconds: 2 minutes. A call that never answers would otherwise hold up
 * every later background run of its session (they run one at a time).
 */
export const DEFAULT_MODEL_TIMEOUT_MS = 120_000;

/** The part of an `AbortSignal` {@link abandonOnAbort} needs (core carries no DOM or Node types). */
export interface AbortSignalLike {
  /** True once the signal has fired. */
  readonly aborted: boolean;
  /** Registers a listener for the signal's `abort` event. */
  addEventListener(type: 'abort', listener: () => void): void;
  /** Removes a listener registered with `addEventListener`. */
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * Runs a model call and gives up on it when `signal` fires (no signal: no limit): the returned promise then rejects at
 * once with a `CairnError` `MODEL_TIMEOUT`, whether or not the call itself listens to the signal
 * (pass the same signal to the call so its request is cancelled too). Core has no timers: the
 * host makes the signal (an adapter uses `AbortSignal.timeout(ms)`).
 *
 * @param what Names the call in the error message (e.g. `'The summariser model'`).
 * @throws CairnError `MODEL_TIMEOUT` when the signal fires first (also when it had fired already);
 * otherwise whatever the call rejects with.
 * @example
 * ```ts
 * const signal = AbortSignal.timeout(DEFAULT_MODEL_TIMEOUT_MS);
 * const { text } = await abandonOnAbort(signal, 'The summariser model', () => generateText({ model, prompt, abortSignal: signal }));
 * ```
 */
export function abandonOnAbort<T>(signal: AbortSignalLike | undefined, what: string, call: () => Promise<T>): Promise<T> {
  if (signal === undefined) return call();
  const abandoned = (): CairnError =>
    new CairnError({
      code: 'MODEL_TIMEOUT',
      message: `${what} did not answer within its time limit; the call was abandoned so the session's next background run can start. Raise the wrapper's timeoutMs if the model is slow.`,
      details: { what },
    });
  if (signal.aborted) return Promise.reject(abandoned());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abandoned());
    signal.addEventListener('abort', onAbort);
    let running: Promise<T>;
    try {
      running = call();
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Checks a background model call's time limit (an adapter wrapper's `timeoutMs`): a number of
 * milliseconds ≥ 1, or `Infinity` for no limit.
 * @returns The limit.
 * @throws CairnError `INVALID_OPTIONS` naming `owner` for anything else.
 */
export function checkModelTimeoutMs(owner: string, timeoutMs: unknown): number {
  if (typeof timeoutMs === 'number' && (timeoutMs === Infinity || (Number.isFinite(timeoutMs) && timeoutMs >= 1))) return timeoutMs;
  throw new CairnError({
    code: 'INVALID_OPTIONS',
    message: `${owner}: timeoutMs must be a number of milliseconds ≥ 1, or Infinity for no limit; got ${String(timeoutMs)}.`,
    details: { timeoutMs: String(timeoutMs) },
  });
}
