import type { BenchmarkCell, BenchmarkResult } from '../runner/benchmark-types.js';
import { formatBudget } from './format-budget.js';
import { formatMetric, METRIC_DEFINITIONS } from './metric-definitions.js';

/** Options of {@link renderTable}. */
export interface RenderTableOptions {
  /** Only these budgets (shares). @default every budget of the run */
  budgets?: readonly number[];
}

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd()).join('\n');
}

/**
 * Renders a benchmark result as plain-text tables for the terminal: one per data set and budget,
 * a row per strategy, a column per metric measured on that data set.
 *
 * @param result - A benchmark result.
 * @param options - Which budgets to show.
 * @returns The tables, separated by blank lines.
 *
 * @example
 * ```ts
 * process.stdout.write(`${renderTable(result, { budgets: [0.1] })}\n`);
 * ```
 */
export function renderTable(result: BenchmarkResult, { budgets = result.budgets }: RenderTableOptions = {}): string {
  const blocks: string[] = [];
  for (const dataset of result.datasets) {
    const cellsOf = (budget: number): BenchmarkCell[] => result.cells.filter((cell) => cell.dataset === dataset.name && cell.budget === budget);
    const all = result.cells.filter((cell) => cell.dataset === dataset.name);
    const metrics = METRIC_DEFINITIONS.filter((metric) => all.some((cell) => typeof cell.metrics[metric.key] === 'number' && (metric.key !== 'failedViews' || cell.metrics.failedViews > 0)));
    for (const budget of budgets) {
      const cells = cellsOf(budget);
      if (cells.length === 0) continue;
      const title = `${dataset.name} — budget ${formatBudget(budget)} of history (${dataset.sessions} sessions, ${dataset.messages} messages${dataset.probes > 0 ? `, ${dataset.probes} probes` : ''})`;
      const rows = [['strategy', ...metrics.map((metric) => metric.shortLabel)], ...cells.map((cell) => [cell.strategy, ...metrics.map((metric) => formatMetric(metric, cell.metrics[metric.key]))])];
      blocks.push(`${title}\n${table(rows)}`);
    }
  }
  return blocks.join('\n\n');
}
