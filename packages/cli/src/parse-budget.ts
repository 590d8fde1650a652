import { CliError } from './cli-error.js';

/** A budget as the user gave it: tokens, or a share of the history's tokens. */
export type BudgetArgument = { tokens: number } | { share: number };

/**
 * Parses `--budget`: `8000` (tokens) or `10%` (share of the session's history tokens).
 *
 * @param text - The option's value.
 * @returns The budget.
 * @throws {@link CliError} (exit 2) for anything else.
 *
 * @example
 * ```ts
 * parseBudget('10%'); // { share: 0.1 }
 * ```
 */
export function parseBudget(text: string): BudgetArgument {
  const trimmed = text.trim();
  if (trimmed.endsWith('%')) {
    const percent = Number(trimmed.slice(0, -1));
    if (Number.isFinite(percent) && percent > 0 && percent <= 100) return { share: percent / 100 };
  } else {
    const tokens = Number(trimmed);
    if (Number.isInteger(tokens) && tokens > 0) return { tokens };
  }
  throw new CliError(`--budget needs a positive whole number of tokens (8000) or a percentage of the history (10%); got "${text}"`, 2);
}

/**
 * Parses `--budgets`: shares of the history's tokens, comma-separated (`0.05,0.1,0.2` or `5%,10%`).
 *
 * @param text - The option's value.
 * @returns The shares, in the given order.
 * @throws {@link CliError} (exit 2) for a value outside (0, 1].
 */
export function parseBudgetShares(text: string): number[] {
  return text.split(',').map((part) => {
    const trimmed = part.trim();
    const share = trimmed.endsWith('%') ? Number(trimmed.slice(0, -1)) / 100 : Number(trimmed);
    if (!(trimmed !== '' && share > 0 && share <= 1)) throw new CliError(`--budgets needs shares of the history's tokens above 0 and at most 1, comma-separated (0.05,0.1,0.2); got "${part}"`, 2);
    return share;
  });
}
