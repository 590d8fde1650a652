import { percentile } from '../metrics/percentile.js';
import { billedTokens, DEFAULT_CACHED_TOKEN_RATIO } from '../metrics/billed-tokens.js';
import type { BenchmarkMetrics } from './benchmark-types.js';
import type { SessionObservations } from './session-observations.js';

const mean = (values: readonly number[]): number | undefined => (values.length === 0 ? undefined : values.reduce((sum, value) => sum + value, 0) / values.length);

/**
 * Averages the observations of every session of a data set into one cell's metrics (means over
 * probes, views and turn pairs pooled across sessions).
 *
 * @param observations - The merged observations.
 * @returns The metrics.
 * @internal
 */
export function summarizeObservations(observations: SessionObservations, cachedTokenRatio = DEFAULT_CACHED_TOKEN_RATIO): BenchmarkMetrics {
  const metrics: BenchmarkMetrics = {
    views: observations.views,
    failedViews: observations.failedViews,
    toolPairViolations: observations.toolPairViolations,
    overBudgetViews: observations.overBudgetViews,
    deadEndChecks: observations.deadEndChecks,
    probes: observations.probes,
  };
  const set = <K extends keyof BenchmarkMetrics>(key: K, value: BenchmarkMetrics[K] | undefined): void => {
    if (value !== undefined) metrics[key] = value;
  };
  set('evidenceRecall', mean(observations.evidenceRecalls));
  set('answerRecall', mean(observations.answerRecalls));
  set('anchorRetention', mean(observations.anchorRetentions));
  set('mdlQuality', mean(observations.mdlQualities));
  set('tokenReduction', observations.historyTokens > 0 ? 1 - observations.viewTokens / observations.historyTokens : undefined);
  set('deadEndExposure', observations.deadEndChecks > 0 ? observations.deadEndVisible / observations.deadEndChecks : undefined);
  set('prefixStability', mean(observations.prefixShares));
  const { cacheTurns, cacheRawTokens, cacheCachedTokens } = observations;
  set('turnTokens', cacheTurns > 0 ? cacheRawTokens / cacheTurns : undefined);
  set('billedTokens', cacheTurns > 0 ? billedTokens({ raw: cacheRawTokens, cached: cacheCachedTokens }, cachedTokenRatio) / cacheTurns : undefined);
  set('viewLatencyP50', percentile(observations.viewLatencies, 0.5));
  set('viewLatencyP95', percentile(observations.viewLatencies, 0.95));
  set('ingestThroughput', observations.ingestMs > 0 ? (observations.ingestedMessages / observations.ingestMs) * 1000 : undefined);
  if (observations.errors.length > 0) metrics.errors = [...new Set(observations.errors)].slice(0, 5);
  return metrics;
}
