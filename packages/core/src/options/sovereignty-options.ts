import { CairnError } from '../log/index.js';

/** Default time a crystal lives before the reaper may remove it (unless cherished): 24 hours, in ms. */
export const DEFAULT_CRYSTAL_TTL_MS = 24 * 60 * 60 * 1000;
/** Default most tokens the summaries of REQUIRED units take in a crystal, all together. */
export const DEFAULT_CRYSTAL_SUMMARY_TOKENS = 1_200;

/** Context-sovereignty options of the engine (`sovereignty: { … }`). Every field is optional. */
export interface SovereigntyOptions {
  /** How long a crystal lives before an unpinned one may be reaped, in the clock's units (ms with `Date.now`). @default 86,400,000 (24 h) */
  crystalTtlMs?: number;
  /** Most tokens the REQUIRED summaries of a crystal take together. @default 1,200 */
  crystalSummaryTokens?: number;
}

/** The crystal options with defaults applied. @internal */
export interface ResolvedCrystalOptions {
  crystalTtlMs: number;
  crystalSummaryTokens: number;
}

/**
 * Applies the defaults of the crystal options and checks them.
 * @throws CairnError `INVALID_OPTIONS` for a TTL or summary size that is not a positive number
 * @internal
 */
export function resolveCrystalOptions(options: SovereigntyOptions | undefined): ResolvedCrystalOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: 'Invalid context engine option sovereignty: expected an object.' });
  }
  const { crystalTtlMs = DEFAULT_CRYSTAL_TTL_MS, crystalSummaryTokens = DEFAULT_CRYSTAL_SUMMARY_TOKENS } = options ?? {};
  for (const [name, value] of [['crystalTtlMs', crystalTtlMs], ['crystalSummaryTokens', crystalSummaryTokens]] as const) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option sovereignty.${name}: got ${String(value)}; expected a positive number.`, details: { parameter: `sovereignty.${name}`, value } });
    }
  }
  return { crystalTtlMs, crystalSummaryTokens: Math.floor(crystalSummaryTokens) };
}
