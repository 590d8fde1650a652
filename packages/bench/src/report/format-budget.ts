/**
 * Formats a budget share for people.
 *
 * @param budget - A share of the history's tokens.
 * @returns E.g. `10%` for `0.1`.
 *
 * @example
 * ```ts
 * formatBudget(0.05); // '5%'
 * ```
 */
export function formatBudget(budget: number): string {
  return `${Number((budget * 100).toFixed(2))}%`;
}
