import type { BenchmarkMetrics } from '../runner/benchmark-types.js';

/** How a metric is shown and compared. */
export interface MetricDefinition {
  key: keyof BenchmarkMetrics;
  /** Column header in the terminal table. */
  shortLabel: string;
  /** Chart title. */
  label: string;
  /** One plain sentence on what it measures. */
  explanation: string;
  /** Which way is better (`none`: informational, never a loss). */
  better: 'higher' | 'lower' | 'none';
  /** `share`: 0–1 shown as a percentage; `count`; `ms`; `rate`: per second; `ratio`: a plain number (× times). */
  unit: 'share' | 'count' | 'ms' | 'rate' | 'ratio';
  /** A difference smaller than this is a tie. */
  tolerance: number;
}

/** The metrics reports show, in order. */
export const METRIC_DEFINITIONS: readonly MetricDefinition[] = [
  { key: 'evidenceRecall', shortLabel: 'evid', label: 'Evidence recall', explanation: "share of each probe's evidence messages still in the view asked for its question", better: 'higher', unit: 'share', tolerance: 0.005 },
  { key: 'answerRecall', shortLabel: 'answer', label: 'Answer recall', explanation: "share of the answer's words present anywhere in the view", better: 'higher', unit: 'share', tolerance: 0.005 },
  { key: 'anchorRetention', shortLabel: 'anchor', label: 'Anchor retention', explanation: "share of a planted fact's ids, numbers and names in view when its probe is asked", better: 'higher', unit: 'share', tolerance: 0.005 },
  { key: 'mdlQuality', shortLabel: 'mdl', label: 'MDL quality', explanation: "history tokens ÷ view tokens × (1 − share of the history's ids, numbers, names and negations missing from the view), per turn view", better: 'higher', unit: 'ratio', tolerance: 0.01 },
  { key: 'deadEndExposure', shortLabel: 'deadend', label: 'Dead-end exposure', explanation: 'share of repeated failed calls where the earlier error was visible just before the repeat', better: 'higher', unit: 'share', tolerance: 0.005 },
  { key: 'toolPairViolations', shortLabel: 'pairs✗', label: 'Tool-pair violations', explanation: 'views with an orphan tool result or an unanswered tool call (a provider rejects them)', better: 'lower', unit: 'count', tolerance: 0 },
  { key: 'overBudgetViews', shortLabel: 'over✗', label: 'Views over budget', explanation: 'views larger than the budget by the shared BPE counter', better: 'lower', unit: 'count', tolerance: 0 },
  { key: 'failedViews', shortLabel: 'fail✗', label: 'Failed views', explanation: 'view calls that threw (counted as empty views)', better: 'lower', unit: 'count', tolerance: 0 },
  { key: 'tokenReduction', shortLabel: 'reduce', label: 'Token reduction vs full', explanation: 'tokens saved compared with sending the whole history (informational: a smaller view is not better in itself)', better: 'none', unit: 'share', tolerance: 0.005 },
  { key: 'prefixStability', shortLabel: 'prefix', label: 'Prefix stability', explanation: "share of the previous turn's view kept as an unchanged prefix (prompt-cache reuse)", better: 'higher', unit: 'share', tolerance: 0.005 },
  { key: 'turnTokens', shortLabel: 'tok/turn', label: 'Tokens per turn', explanation: 'mean view tokens of an agent turn (turns right after another measured turn)', better: 'none', unit: 'count', tolerance: 0 },
  { key: 'billedTokens', shortLabel: 'billed/turn', label: 'Billed tokens per turn', explanation: "mean tokens a provider bills per turn when the prefix shared with the previous call is cached at a tenth of the price (cachedTokenRatio)", better: 'lower', unit: 'count', tolerance: 1 },
  { key: 'viewLatencyP50', shortLabel: 'p50 ms', label: 'View latency p50', explanation: 'median time to assemble one view', better: 'lower', unit: 'ms', tolerance: 0.5 },
  { key: 'viewLatencyP95', shortLabel: 'p95 ms', label: 'View latency p95', explanation: '95th-percentile time to assemble one view', better: 'lower', unit: 'ms', tolerance: 1 },
  { key: 'ingestThroughput', shortLabel: 'ingest/s', label: 'Ingest throughput', explanation: 'messages ingested per second', better: 'higher', unit: 'rate', tolerance: 0 },
];

/**
 * Formats a metric value for people: shares as percentages, counts as integers, times in ms.
 *
 * @param definition - The metric.
 * @param value - Its value, or `undefined` when not measured.
 * @returns The text; `–` when not measured.
 *
 * @example
 * ```ts
 * formatMetric(METRIC_DEFINITIONS[0]!, 0.734); // '73.4%'
 * ```
 */
export function formatMetric(definition: MetricDefinition, value: number | string[] | undefined): string {
  if (typeof value !== 'number') return '–';
  switch (definition.unit) {
    case 'share':
      return `${(value * 100).toFixed(1)}%`;
    case 'count':
      // Means (tokens per turn) are counts too: shown whole.
      return String(Math.round(value));
    case 'ms':
      return value < 10 ? value.toFixed(2) : value.toFixed(1);
    case 'ratio':
      return value.toFixed(2);
    case 'rate':
      return value >= 1_000_000 ? `${Number((value / 1_000_000).toFixed(1))}M` : value >= 10_000 ? `${Math.round(value / 1000)}k` : value >= 1000 ? `${Number((value / 1000).toFixed(1))}k` : String(Math.round(value));
  }
}

/**
 * The unit a metric is measured in, for axis titles and table headers.
 *
 * @param definition - The metric.
 * @returns E.g. `%`, `views`, `ms`, `messages/s`.
 *
 * @example
 * ```ts
 * metricUnit(METRIC_DEFINITIONS[0]!); // '%'
 * ```
 */
export function metricUnit(definition: MetricDefinition): string {
  return { share: '%', count: 'views', ms: 'ms', rate: 'messages/s', ratio: '×' }[definition.unit];
}

/**
 * Formats a metric value with its unit, for sentences: `73.4%`, `3 views`, `4.90 ms`, `12k messages/s`.
 *
 * @param definition - The metric.
 * @param value - Its value, or `undefined` when not measured.
 * @returns The text; `–` when not measured.
 *
 * @example
 * ```ts
 * formatMetricWithUnit(METRIC_DEFINITIONS.find((m) => m.key === 'viewLatencyP50')!, 4.9); // '4.90 ms'
 * ```
 */
export function formatMetricWithUnit(definition: MetricDefinition, value: number | string[] | undefined): string {
  const text = formatMetric(definition, value);
  if (typeof value !== 'number' || definition.unit === 'share') return text;
  return `${text} ${definition.unit === 'count' && value === 1 ? 'view' : metricUnit(definition)}`;
}

/**
 * Which way is better, in words.
 *
 * @param definition - The metric.
 * @returns `higher is better`, `lower is better` or `informational (not compared)`.
 *
 * @example
 * ```ts
 * metricDirection(METRIC_DEFINITIONS[0]!); // 'higher is better'
 * ```
 */
export function metricDirection(definition: MetricDefinition): string {
  return definition.better === 'none' ? 'informational (not compared)' : `${definition.better} is better`;
}
