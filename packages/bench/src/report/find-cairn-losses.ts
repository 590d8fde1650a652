import type { BenchmarkResult } from '../runner/benchmark-types.js';
import { METRIC_DEFINITIONS, type MetricDefinition } from './metric-definitions.js';

/** A place where a baseline beats cairn. */
export interface CairnLoss {
  dataset: string;
  budget: number;
  metric: MetricDefinition;
  /** The baseline that does better. */
  strategy: string;
  cairnValue: number;
  baselineValue: number;
  /** The baseline's views in that cell, and how many broke the budget or a tool pair (context for the win). */
  baselineViews: number;
  baselineOverBudgetViews: number;
  baselineToolPairViolations: number;
}

/**
 * Every metric × data set × budget where a baseline beats the `cairn` strategy by more than the
 * metric's tolerance (informational metrics, such as token reduction, are not compared).
 *
 * @param result - A benchmark result.
 * @param cairnName - The strategy to defend. @default 'cairn'
 * @returns The losses, by data set, budget, metric, then baseline order.
 *
 * @example
 * ```ts
 * for (const loss of findCairnLosses(result)) console.log(loss.metric.label, loss.strategy);
 * ```
 */
export function findCairnLosses(result: BenchmarkResult, cairnName = 'cairn'): CairnLoss[] {
  const losses: CairnLoss[] = [];
  for (const dataset of result.datasets) {
    for (const budget of result.budgets) {
      const cells = result.cells.filter((cell) => cell.dataset === dataset.name && cell.budget === budget);
      const cairn = cells.find((cell) => cell.strategy === cairnName);
      if (!cairn) continue;
      for (const metric of METRIC_DEFINITIONS) {
        if (metric.better === 'none') continue;
        const cairnValue = cairn.metrics[metric.key];
        if (typeof cairnValue !== 'number') continue;
        for (const cell of cells) {
          const baselineValue = cell.metrics[metric.key];
          if (cell === cairn || typeof baselineValue !== 'number') continue;
          const margin = metric.better === 'higher' ? baselineValue - cairnValue : cairnValue - baselineValue;
          if (margin <= metric.tolerance) continue;
          const { views, overBudgetViews, toolPairViolations } = cell.metrics;
          losses.push({ dataset: dataset.name, budget, metric, strategy: cell.strategy, cairnValue, baselineValue, baselineViews: views, baselineOverBudgetViews: overBudgetViews, baselineToolPairViolations: toolPairViolations });
        }
      }
    }
  }
  return losses;
}
