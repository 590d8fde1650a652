import { DEFAULT_BUDGET } from './engine-options.js';
import { CairnError } from '../log/index.js';

/**
 * The one shape of a `budget` option in every cairn adapter: a number is tokens (an integer ≥ 1);
 * a share of the model's context window is only ever the explicit `{ fraction }` object, with
 * `fraction` in (0, 1].
 *
 * @example
 * ```ts
 * cairnMiddleware({ budget: 16_000 });                                 // 16,000 tokens
 * cairnMiddleware({ budget: { fraction: 0.5 }, contextWindow: 128_000 }); // 64,000 tokens
 * ```
 */
export type BudgetOption = number | { readonly fraction: number };

const fail = (owner: string, message: string, details: Record<string, unknown>): never => {
  throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid ${owner} options: ${message}`, details });
};

const describe = (value: unknown): string => (typeof value === 'string' ? `the string ${JSON.stringify(value.slice(0, 40))}` : typeof value === 'object' && value !== null ? 'an object' : String(value));

/**
 * Checks the shape of a `budget` option without resolving it, for a constructor that learns the
 * context window later. Returns the option unchanged (or `DEFAULT_BUDGET` when it is `undefined`).
 *
 * @param owner - Named in the error message (e.g. `'cairnMiddleware'`).
 * @throws CairnError `INVALID_OPTIONS` for anything but an integer number of tokens ≥ 1 or
 *   `{ fraction }` with `fraction` in (0, 1]; a number below 1 is refused with a hint to write
 *   `{ fraction }`.
 */
export function checkBudgetOption(owner: string, budget: unknown): BudgetOption {
  if (budget === undefined) return DEFAULT_BUDGET;
  if (typeof budget === 'number') {
    if (!Number.isFinite(budget) || budget <= 0) return fail(owner, `budget must be a number of tokens ≥ 1; got ${String(budget)}.`, { budget });
    if (budget < 1) return fail(owner, `budget ${budget} is below one token; a share of the context window is written { fraction: ${budget} } (with contextWindow where the framework does not report it).`, { budget });
    if (!Number.isInteger(budget)) return fail(owner, `budget must be a whole number of tokens; got ${budget}.`, { budget });
    return budget;
  }
  if (typeof budget === 'object' && budget !== null && !Array.isArray(budget)) {
    const keys = Object.keys(budget);
    const fraction = (budget as { fraction?: unknown }).fraction;
    if (keys.length !== 1 || keys[0] !== 'fraction') return fail(owner, `a budget object must be exactly { fraction }; got keys ${JSON.stringify(keys.slice(0, 5))}.`, { budget: keys });
    if (typeof fraction !== 'number' || !(fraction > 0 && fraction <= 1)) return fail(owner, `budget.fraction must be a number in (0, 1]; got ${describe(fraction)}.`, { fraction: String(fraction) });
    return { fraction };
  }
  return fail(owner, `budget must be a number of tokens or { fraction } of the context window; got ${describe(budget)}.`, { budget: typeof budget });
}

/**
 * Resolves a `budget` option to tokens: a number is used as it is; `{ fraction }` is that share
 * of `contextWindow`, rounded down (at least 1 token).
 *
 * @param owner - Named in the error message (e.g. `'cairnMiddleware'`).
 * @param contextWindow - The model's context window in tokens; needed only for `{ fraction }`.
 * @throws CairnError `INVALID_OPTIONS` for a malformed option (see {@link checkBudgetOption}), or
 *   a `{ fraction }` without a usable `contextWindow` (an integer ≥ 1).
 */
export function resolveBudgetOption(owner: string, budget: unknown, contextWindow: unknown): number {
  const checked = checkBudgetOption(owner, budget);
  if (typeof checked === 'number') return checked;
  if (contextWindow === undefined) return fail(owner, `budget { fraction: ${checked.fraction} } is a share of the context window, but none is known; pass contextWindow (the model's window in tokens) or a budget in tokens.`, { fraction: checked.fraction });
  if (typeof contextWindow !== 'number' || !Number.isInteger(contextWindow) || contextWindow < 1) return fail(owner, `contextWindow must be a whole number of tokens ≥ 1; got ${describe(contextWindow)}.`, { contextWindow: String(contextWindow) });
  return Math.max(1, Math.floor(checked.fraction * contextWindow));
}
