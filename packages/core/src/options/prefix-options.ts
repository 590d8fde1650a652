import { CairnError } from '../log/index.js';

/**
 * Prompt-cache-aware planning: `ContextEngineOptions.prefix`. Every field is optional.
 *
 * Providers cache the leading part of a prompt and bill cached tokens at about a tenth of the
 * price, so a view that changes early costs more than its size says. With `cacheAware` on, a
 * steady turn (no new query, same budget) changes nothing already shown while the plan stays
 * within `compactAt` of the budget. Past it, causal-chain restores held back until then are
 * made, and units are degraded down to the yellow pressure level only from the latest point
 * where that is enough: the earlier messages, placeholder runs included, render byte-identical
 * to the previous turn's. Questions and new budgets plan afresh as before.
 */
export interface PrefixOptions {
  /** Keep the view's prefix stable across steady turns (see above); `false`: the regrade and compaction at the red level of before. @default true */
  cacheAware?: boolean;
  /**
   * Share of the budget past which a cache-aware steady turn frees tokens (instead of the red
   * pressure level): the higher, the fewer turns break the prefix.
   * @default 0.95
   */
  compactAt?: number;
}

/** Prefix options with every default applied. @internal */
export interface ResolvedPrefixOptions {
  cacheAware: boolean;
  compactAt: number;
}

/** Default prefix options: cache-aware, freeing tokens past 95% of the budget. */
export const DEFAULT_PREFIX_OPTIONS: Readonly<ResolvedPrefixOptions> = Object.freeze({ cacheAware: true, compactAt: 0.95 });

function invalid(parameter: string, value: unknown, expected: string): CairnError {
  return new CairnError({
    code: 'INVALID_OPTIONS',
    message: `Invalid context engine option prefix.${parameter}: got ${String(value)}; expected ${expected}.`,
    details: { parameter: `prefix.${parameter}`, value },
  });
}

/**
 * Applies the defaults of the `prefix` option and checks it. `compactAt` must be at least the
 * yellow pressure level (what a cache-aware turn frees down to).
 * @throws CairnError `INVALID_OPTIONS`
 * @internal
 */
export function resolvePrefixOptions(options: PrefixOptions | undefined, yellow: number): ResolvedPrefixOptions {
  if (options === undefined) return { ...DEFAULT_PREFIX_OPTIONS, compactAt: Math.max(yellow, DEFAULT_PREFIX_OPTIONS.compactAt) };
  if (typeof options !== 'object' || options === null) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option prefix: got ${String(options)}; expected an object.`, details: { parameter: 'prefix' } });
  }
  const { cacheAware = DEFAULT_PREFIX_OPTIONS.cacheAware, compactAt = Math.max(yellow, DEFAULT_PREFIX_OPTIONS.compactAt) } = options;
  if (typeof cacheAware !== 'boolean') throw invalid('cacheAware', cacheAware, 'true or false');
  if (typeof compactAt !== 'number' || !Number.isFinite(compactAt) || compactAt < yellow || compactAt > 1) {
    throw invalid('compactAt', compactAt, `a number from the yellow pressure level (${yellow}) to 1`);
  }
  return { cacheAware, compactAt };
}
