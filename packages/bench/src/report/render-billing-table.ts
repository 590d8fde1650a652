import type { BillingCell, BillingResult } from '../runner/run-billing-benchmark.js';

const thousands = (value: number): string => Math.round(value).toLocaleString('en-US');
const percent = (value: number | undefined): string => (value === undefined ? '–' : `${(value * 100).toFixed(1)}%`);

/**
 * Baselines that stay within the budget (no view over it, none failed) whose billed tokens are at
 * or below cairn's, on one data set at one budget. cairn's own variants (`cairn+…`, `cairn-…`:
 * other options of the same engine) are not baselines.
 *
 * @param cells - The cells of one data set and budget.
 * @param cairn - The strategy compared (`cairn` unless told).
 * @returns The names of the baselines cairn does not beat.
 */
export function billingLosses(cells: readonly BillingCell[], cairn = 'cairn'): string[] {
  const ours = cells.find((cell) => cell.strategy === cairn);
  if (!ours) return [];
  return cells
    .filter((cell) => cell.strategy !== cairn && !cell.strategy.startsWith(`${cairn}+`) && !cell.strategy.startsWith(`${cairn}-`) && cell.overBudgetViews === 0 && cell.failedViews === 0)
    .filter((cell) => cell.billedTokens <= ours.billedTokens)
    .map((cell) => cell.strategy);
}

/**
 * Renders a billing run as plain-text tables, one per data set and budget: raw and billed tokens
 * summed over the turns, billed as a share of raw, prefix stability and budget adherence, then
 * the baselines within budget that cairn's billed tokens are not below.
 *
 * @param result - A billing result.
 * @returns The tables.
 */
export function renderBillingTable(result: BillingResult): string {
  const blocks: string[] = [`Billed tokens: cached prefix at ${result.cachedTokenRatio} of the uncached price; runs at least ${result.minLengthRatio}× the budget; every turn after each run's first.`];
  const groups = new Map<string, BillingCell[]>();
  for (const cell of result.cells) {
    const key = `${cell.dataset} — budget ${thousands(cell.budgetTokens)} tokens`;
    groups.set(key, [...(groups.get(key) ?? []), cell]);
  }
  for (const [title, cells] of groups) {
    const rows = [['strategy', 'runs', 'turns', 'raw tokens', 'billed tokens', 'billed/raw', 'prefix', 'over✗', 'fail✗']];
    for (const cell of cells) {
      rows.push([cell.strategy, String(cell.sessions), String(cell.turns), thousands(cell.rawTokens), thousands(cell.billedTokens), percent(cell.rawTokens > 0 ? cell.billedTokens / cell.rawTokens : undefined), percent(cell.prefixStability), String(cell.overBudgetViews), String(cell.failedViews)]);
    }
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
    const table = rows.map((row) => row.map((text, column) => (column === 0 ? text.padEnd(widths[column]!) : text.padStart(widths[column]!))).join('  ')).join('\n');
    const losses = billingLosses(cells);
    const verdict = cells.some((cell) => cell.strategy === 'cairn') ? (losses.length === 0 ? 'cairn bills less than every baseline within budget.' : `cairn does not bill less than: ${losses.join(', ')}.`) : '';
    blocks.push(`${title}\n${table}${verdict ? `\n${verdict}` : ''}`);
  }
  return blocks.join('\n\n');
}
