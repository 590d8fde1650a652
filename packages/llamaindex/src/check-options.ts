import { CairnError, checkBudgetOption, checkSessionTenant, DEFAULT_TENANT, resolveBudgetOption, type BudgetOption } from '@cairn/core';
import type { CairnLlamaIndexOptions } from './cairn-llama-index-options.js';

/** What {@link checkAdapterOptions} learnt from the options. @internal */
export interface CheckedOptions {
  /** The budget option as given, checked; `undefined` when none was given. */
  budget: BudgetOption | undefined;
  /** The tenant sessions are opened under. */
  tenant: string;
}

/**
 * Validates the options both adapters share, at construction: the object itself, `budget` (a
 * number of tokens or `{ fraction }`, resolved right away when a window is already known),
 * `contextWindow` and `tenant`.
 *
 * @param knownWindow - The context window known now (`contextWindow`, or the LLM's), if any.
 * @throws CairnError `INVALID_OPTIONS` for a bad budget or window, `INVALID_SESSION_KEY` for a bad tenant.
 * @internal
 */
export function checkAdapterOptions(owner: string, options: unknown, knownWindow?: unknown): CheckedOptions {
  if (typeof options !== 'object' || options === null) throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid ${owner} options: expected an object.` });
  const { budget, contextWindow, tenant = DEFAULT_TENANT } = options as CairnLlamaIndexOptions;
  const checked = budget === undefined ? undefined : checkBudgetOption(owner, budget);
  // A window that was passed must be usable even when the budget is in tokens.
  if (contextWindow !== undefined) resolveBudgetOption(owner, { fraction: 1 }, contextWindow);
  if (typeof checked === 'object' && knownWindow !== undefined) resolveBudgetOption(owner, checked, knownWindow);
  checkSessionTenant(tenant);
  return { budget: checked, tenant };
}
