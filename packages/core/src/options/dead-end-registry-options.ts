import { CairnError } from '../log/index.js';
import { DEFAULT_MAX_DEAD_ENDS } from '../dead-ends/index.js';

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
}

/** {@link DeadEndRegistryOptions} with defaults applied. */
export interface ResolvedDeadEndRegistryOptions {
  maxDeadEnds: number;
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
 * resolveDeadEndRegistryOptions({ maxDeadEnds: 50 }); // { maxDeadEnds: 50 }
 * ```
 */
export function resolveDeadEndRegistryOptions(options: DeadEndRegistryOptions | undefined): ResolvedDeadEndRegistryOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw invalidRegistry('deadEndRegistry', options, 'an object');
  const maxDeadEnds = options?.maxDeadEnds ?? DEFAULT_MAX_DEAD_ENDS;
  if (!(typeof maxDeadEnds === 'number' && Number.isSafeInteger(maxDeadEnds) && maxDeadEnds >= 1)) {
    throw invalidRegistry('deadEndRegistry.maxDeadEnds', maxDeadEnds, `a whole number from 1 (default ${DEFAULT_MAX_DEAD_ENDS})`);
  }
  return { maxDeadEnds };
}

function invalidRegistry(parameter: string, value: unknown, expected: string): CairnError {
  return new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option ${parameter}: got ${String(value)}; expected ${expected}.`, details: { parameter, value } });
}
