import { CairnError } from '../log/index.js';
import { DEFAULT_CONSOLIDATION_OPTIONS, type ConsolidationOptions, type ResolvedConsolidationOptions } from './consolidation-options.js';

function invalid(parameter: string, value: unknown, expected: string): CairnError {
  return new CairnError({
    code: 'INVALID_OPTIONS',
    message: `Invalid context engine option pages.consolidation.${parameter}: got ${String(value)}; expected ${expected}.`,
    details: { parameter: `pages.consolidation.${parameter}`, value },
  });
}

function checkNumber(parameter: string, value: unknown, min: number, max: number, whole = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value))) {
    throw invalid(parameter, value, `${whole ? 'a whole number' : 'a number'} from ${min} to ${max}`);
  }
  return value;
}

/**
 * Applies the defaults of `pages.consolidation` and checks it (`false`: consolidation off).
 * @throws CairnError `INVALID_OPTIONS`
 * @internal
 */
export function resolveConsolidationOptions(options: ConsolidationOptions | false | undefined): ResolvedConsolidationOptions {
  if (options === undefined) return { ...DEFAULT_CONSOLIDATION_OPTIONS };
  // Consolidation off turns the Background_Context block off too (unless asked for by name).
  if (options === false) return { ...DEFAULT_CONSOLIDATION_OPTIONS, enabled: false, background: false };
  if (typeof options !== 'object' || options === null) throw invalid('', options, 'an object or false');
  const merged = { ...DEFAULT_CONSOLIDATION_OPTIONS, ...options };
  if (options.background === undefined && options.enabled === false) merged.background = false;
  if (typeof merged.enabled !== 'boolean') throw invalid('enabled', merged.enabled, 'true or false');
  if (typeof merged.background !== 'boolean') throw invalid('background', merged.background, 'true or false');
  if (typeof merged.plainFacts !== 'boolean') throw invalid('plainFacts', merged.plainFacts, 'true or false');
  if (merged.indexLines !== 'full' && merged.indexLines !== 'compact' && merged.indexLines !== 'ids') throw invalid('indexLines', merged.indexLines, "'full', 'compact' or 'ids'");
  const staleAfterMs = merged.staleAfterMs;
  return {
    enabled: merged.enabled,
    pivotSimilarity: checkNumber('pivotSimilarity', merged.pivotSimilarity, 0, 1),
    window: checkNumber('window', merged.window, 1, 64, true),
    minPages: checkNumber('minPages', merged.minPages, 2, 10_000, true),
    maxTokens: checkNumber('maxTokens', merged.maxTokens, 1, 10_000_000),
    topicSimilarity: checkNumber('topicSimilarity', merged.topicSimilarity, 0, 1),
    indexShare: checkNumber('indexShare', merged.indexShare, 0, 0.5),
    staleAfterPages: checkNumber('staleAfterPages', merged.staleAfterPages, 0, 10_000_000, true),
    staleAfterMs: staleAfterMs === undefined ? undefined : checkNumber('staleAfterMs', staleAfterMs, 0, Number.MAX_SAFE_INTEGER),
    plainFacts: merged.plainFacts,
    indexLines: merged.indexLines,
    background: merged.background,
  };
}
