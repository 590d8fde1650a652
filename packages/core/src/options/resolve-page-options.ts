import { CairnError } from '../log/index.js';
import { resolveConsolidationOptions } from './resolve-consolidation-options.js';
import { DEFAULT_PAGE_OPTIONS, type PageOptions, type ResolvedPageOptions } from './page-options.js';

function checkNumber(parameter: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new CairnError({
      code: 'INVALID_OPTIONS',
      message: `Invalid context engine option pages.${parameter}: got ${String(value)}; expected a number from ${min} to ${max}.`,
      details: { parameter: `pages.${parameter}`, value },
    });
  }
  return value;
}

/**
 * Applies the defaults of the `pages` option and checks it.
 * @throws CairnError `INVALID_OPTIONS`
 * @internal
 */
export function resolvePageOptions(options: PageOptions | undefined): ResolvedPageOptions {
  if (options === undefined) return { ...DEFAULT_PAGE_OPTIONS };
  if (typeof options !== 'object' || options === null) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option pages: got ${String(options)}; expected an object.`, details: { parameter: 'pages' } });
  }
  const { detailShare, maxIdsPerCall, maxReasonChars, traceSteps, showPageIds, consolidation } = { ...DEFAULT_PAGE_OPTIONS, ...options };
  if (typeof showPageIds !== 'boolean') {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option pages.showPageIds: got ${String(showPageIds)}; expected true or false.`, details: { parameter: 'pages.showPageIds', value: showPageIds } });
  }
  return {
    detailShare: checkNumber('detailShare', detailShare, 0, 1),
    maxIdsPerCall: Math.floor(checkNumber('maxIdsPerCall', maxIdsPerCall, 1, 1000)),
    maxReasonChars: Math.floor(checkNumber('maxReasonChars', maxReasonChars, 16, 4000)),
    traceSteps: Math.floor(checkNumber('traceSteps', traceSteps, 0, 64)),
    showPageIds,
    consolidation: resolveConsolidationOptions(consolidation),
  };
}
