import { CairnError } from '@cairn/core';

/**
 * Turns a `budget` option into tokens: a number above 1 is tokens; a number in (0, 1] is a share
 * of `contextWindow`.
 *
 * @throws CairnError `INVALID_OPTIONS` for a budget that is not a positive number, or a share
 *   without a usable `contextWindow`.
 * @internal
 */
export function resolveBudget(owner: string, budget: number, contextWindow: number | undefined): number {
  const fail = (message: string): never => {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid ${owner} options: ${message}`, details: { budget, contextWindow } });
  };
  if (typeof budget !== 'number' || !Number.isFinite(budget) || budget <= 0) return fail(`budget must be a positive number of tokens, or a share of the context window in (0, 1]; got ${String(budget)}.`);
  if (budget > 1) return Math.floor(budget);
  if (contextWindow === undefined) return fail(`budget ${budget} is a share of the context window, but the LLM reports none; pass contextWindow (the model's window in tokens) or an absolute budget.`);
  if (!Number.isInteger(contextWindow) || contextWindow <= 1) return fail(`contextWindow must be an integer number of tokens above 1; got ${String(contextWindow)}.`);
  return Math.max(1, Math.floor(budget * contextWindow));
}
