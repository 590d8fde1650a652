/** What one replay of one session measured, before averaging. @internal */
export interface SessionObservations {
  views: number;
  failedViews: number;
  evidenceRecalls: number[];
  answerRecalls: number[];
  anchorRetentions: number[];
  /** MDL quality of each turn view (context sovereignty): compression ratio × (1 − anchors lost). */
  mdlQualities: number[];
  toolPairViolations: number;
  overBudgetViews: number;
  viewTokens: number;
  historyTokens: number;
  deadEndVisible: number;
  deadEndChecks: number;
  prefixShares: number[];
  /** Turns whose previous call was observed: their view tokens, and those a prompt cache serves. */
  cacheTurns: number;
  cacheRawTokens: number;
  cacheCachedTokens: number;
  viewLatencies: number[];
  ingestedMessages: number;
  ingestMs: number;
  probes: number;
  errors: string[];
}

/** Empty observations. @internal */
export function createSessionObservations(): SessionObservations {
  return {
    views: 0,
    failedViews: 0,
    evidenceRecalls: [],
    answerRecalls: [],
    anchorRetentions: [],
    mdlQualities: [],
    toolPairViolations: 0,
    overBudgetViews: 0,
    viewTokens: 0,
    historyTokens: 0,
    deadEndVisible: 0,
    deadEndChecks: 0,
    prefixShares: [],
    cacheTurns: 0,
    cacheRawTokens: 0,
    cacheCachedTokens: 0,
    viewLatencies: [],
    ingestedMessages: 0,
    ingestMs: 0,
    probes: 0,
    errors: [],
  };
}

/** Adds `source` into `target` (arrays concatenated, counts summed). @internal */
export function mergeSessionObservations(target: SessionObservations, source: SessionObservations): void {
  for (const key of Object.keys(target) as (keyof SessionObservations)[]) {
    const value = source[key];
    if (Array.isArray(value)) {
      const into = target[key] as unknown[];
      for (const item of value) into.push(item);
    } else {
      (target[key] as number) += value;
    }
  }
  target.errors = [...new Set(target.errors)].slice(0, 5);
}
