import { CairnError, DEFAULT_BUDGET } from '@cairn/core';

/**
 * The budget in tokens from the middleware's options.
 *
 * @throws CairnError `INVALID_OPTIONS` for a budget that is not a positive number of tokens, a
 *   fraction outside (0, 1], or a fraction without `contextWindow`.
 * @internal
 */
export function resolveBudget(budget: number | { fraction: number } | undefined, contextWindow: number | undefined): number {
  if (budget === undefined) return DEFAULT_BUDGET;
  if (typeof budget === 'number') {
    if (!Number.isFinite(budget) || budget < 1) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid cairn middleware options: budget must be a number of tokens ≥ 1, got ${budget}. For a share of the context window pass { fraction } with contextWindow.`, details: { budget } });
    }
    return Math.floor(budget);
  }
  const fraction = typeof budget === 'object' && budget !== null ? budget.fraction : Number.NaN;
  if (!(fraction > 0 && fraction <= 1)) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid cairn middleware options: budget.fraction must be in (0, 1], got ${String(fraction)}.`, details: { budget } });
  }
  if (contextWindow === undefined || !Number.isFinite(contextWindow) || contextWindow < 1) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid cairn middleware options: a fractional budget needs contextWindow (the model's context window in tokens; the AI SDK does not report it), got ${String(contextWindow)}.`, details: { contextWindow } });
  }
  return Math.max(1, Math.floor(fraction * contextWindow));
}
