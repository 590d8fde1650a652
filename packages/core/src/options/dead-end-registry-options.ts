import { CairnError } from '../log/index.js';
import { DEFAULT_MAX_DEAD_ENDS, DEFAULT_UNKNOWN_FAILURE_BLOCK_AFTER } from '../dead-ends/index.js';

/**
 * The dead-end registry of an engine (`ContextEngineOptions.deadEndRegistry`): how many dead ends
 * it holds. The registry is bounded by default, so a long session's memory stays bounded.
 */
export interface DeadEndRegistryOptions {
  /**
   * The most dead ends the registry holds (a whole number from 1). Past it, dead ends go in this
   * order: stale ones whose call then worked, transient ones, stale ones by a state change,
   * `suspect`, then `dead` — oldest latest failure first, the one just learnt never. A snapshot
   * from a larger registry restores within the bound (the same order decides what goes).
   * @default 200 (`DEFAULT_MAX_DEAD_ENDS`: five times the 40 dead ends the brief considers)
   */
  maxDeadEnds?: number;
  /**
   * How many identical failures in a row (same reason, nothing changed in between) a failure of
   * `unknown` class (neither a recognised transient fault nor a recognised permanent failure) needs
   * before the guard blocks an exact repeat; until then a repeat gets a `warn` naming the earlier
   * error. A whole number from 2. Permanent failures are blocked from their second failure and
   * transient ones never.
   * @default 3 (`DEFAULT_UNKNOWN_FAILURE_BLOCK_AFTER`)
   */
  unknownFailureBlockAfter?: number;
  /**
   * The guard's failure classes: `true` reads transient, permanent and unknown failures;
   * `'two-way'` reads every failure that is not transient as permanent (the guard before the
   * unknown class); `false` has no classes (the guard before failure classes). For comparisons.
   * @default true
   */
  failureClasses?: boolean | 'two-way';
}

/** {@link DeadEndRegistryOptions} with defaults applied. */
export interface ResolvedDeadEndRegistryOptions {
  maxDeadEnds: number;
  unknownFailureBlockAfter: number;
  failureClasses: boolean | 'two-way';
}

/**
 * Applies defaults to dead-end registry options and checks them.
 *
 * @param options - `ContextEngineOptions.deadEndRegistry`.
 * @returns The options with defaults applied.
 * @throws CairnError `INVALID_OPTIONS` naming the bad value.
 *
 * @example
 * ```ts
 * resolveDeadEndRegistryOptions({ maxDeadEnds: 50 }); // { maxDeadEnds: 50, unknownFailureBlockAfter: 3, failureClasses: true }
 * ```
 */
export function resolveDeadEndRegistryOptions(options: DeadEndRegistryOptions | undefined): ResolvedDeadEndRegistryOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw invalidRegistry('deadEndRegistry', options, 'an object');
  const maxDeadEnds = options?.maxDeadEnds ?? DEFAULT_MAX_DEAD_ENDS;
  if (!(typeof maxDeadEnds === 'number' && Number.isSafeInteger(maxDeadEnds) && maxDeadEnds >= 1)) {
    throw invalidRegistry('deadEndRegistry.maxDeadEnds', maxDeadEnds, `a whole number from 1 (default ${DEFAULT_MAX_DEAD_ENDS})`);
  }
  const unknownFailureBlockAfter = options?.unknownFailureBlockAfter ?? DEFAULT_UNKNOWN_FAILURE_BLOCK_AFTER;
  if (!(typeof unknownFailureBlockAfter === 'number' && Number.isSafeInteger(unknownFailureBlockAfter) && unknownFailureBlockAfter >= 2)) {
    throw invalidRegistry('deadEndRegistry.unknownFailureBlockAfter', unknownFailureBlockAfter, `a whole number from 2 (default ${DEFAULT_UNKNOWN_FAILURE_BLOCK_AFTER})`);
  }
  const failureClasses = options?.failureClasses ?? true;
  if (failureClasses !== true && failureClasses !== false && failureClasses !== 'two-way') {
    throw invalidRegistry('deadEndRegistry.failureClasses', failureClasses, "true, false or 'two-way' (default true)");
  }
  return { maxDeadEnds, unknownFailureBlockAfter, failureClasses };
}

function invalidRegistry(parameter: string, value: unknown, expected: string): CairnError {
  return new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option ${parameter}: got ${String(value)}; expected ${expected}.`, details: { parameter, value } });
}
