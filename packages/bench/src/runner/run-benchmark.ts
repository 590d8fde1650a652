import { createBpeTokenCounter, type TokenCounter } from '@cairn/core';
import type { ContextStrategy } from '../strategies/strategy.js';
import type { BenchmarkCell, BenchmarkDataset, BenchmarkResult } from './benchmark-types.js';
import { createCachingTokenCounter } from './caching-token-counter.js';
import { prepareSession } from './prepare-session.js';
import { replaySession } from './replay-session.js';
import { createSessionObservations, mergeSessionObservations, type SessionObservations } from './session-observations.js';
import { summarizeObservations } from './summarize-observations.js';

/** Budgets `cairn bench` measures by default: 5%, 10% and 20% of each session's history tokens. */
export const DEFAULT_BUDGETS: readonly number[] = [0.05, 0.1, 0.2];
/** Turns sampled per session by default. */
export const DEFAULT_MAX_TURNS = 60;

/** Where a run is, reported after each replay. */
export interface BenchmarkProgress {
  /** Replays done (session × strategy × budget). */
  done: number;
  /** Replays in the run. */
  total: number;
  dataset: string;
  session: string;
  strategy: string;
  budget: number;
}

/** Options of {@link runBenchmark}. */
export interface RunBenchmarkOptions {
  datasets: readonly BenchmarkDataset[];
  /** The strategies compared (e.g. `Object.values(STRATEGIES)`). */
  strategies: readonly ContextStrategy[];
  /** Budgets as shares of each session's history tokens. @default DEFAULT_BUDGETS */
  budgets?: readonly number[];
  /**
   * A floor under every budget, in tokens: short sessions (a 4k-token tau-bench run) otherwise get
   * budgets smaller than their system prompt. @default 0
   */
  minBudgetTokens?: number;
  /** Turns sampled per agent session. @default DEFAULT_MAX_TURNS */
  maxTurns?: number;
  /** Makes the token counter; one per session, cached. @default createBpeTokenCounter */
  createCounter?: () => TokenCounter;
  /** Called after each replay. */
  onProgress?: (progress: BenchmarkProgress) => void;
  /** Clock in milliseconds. @default performance.now */
  now?: () => number;
  /** Price of a cached input token as a share of an uncached one, for billed tokens. @default DEFAULT_CACHED_TOKEN_RATIO */
  cachedTokenRatio?: number;
}

/**
 * Runs every strategy over every session of every data set at every budget, turn by turn, and
 * measures evidence and answer recall, anchor retention, tool-pair integrity, budget adherence,
 * token reduction, dead-end exposure, prefix stability and latency. Everything but the timings
 * is deterministic.
 *
 * @param options - Data sets, strategies, budgets.
 * @returns One cell per data set × strategy × budget.
 * @throws RangeError for a budget outside (0, 1] or no strategies.
 *
 * @example
 * ```ts
 * const result = await runBenchmark({ datasets: [createSyntheticDataset()], strategies: Object.values(STRATEGIES) });
 * console.log(renderTable(result));
 * ```
 */
export async function runBenchmark({
  datasets,
  strategies,
  budgets = DEFAULT_BUDGETS,
  minBudgetTokens = 0,
  maxTurns = DEFAULT_MAX_TURNS,
  createCounter = createBpeTokenCounter,
  onProgress,
  now = () => performance.now(),
  cachedTokenRatio,
}: RunBenchmarkOptions): Promise<BenchmarkResult> {
  if (strategies.length === 0) throw new RangeError('Invalid benchmark options: no strategies to compare.');
  for (const budget of budgets) {
    if (!(budget > 0 && budget <= 1)) throw new RangeError(`Invalid budget ${budget}: use a share of the history's tokens, above 0 and at most 1 (0.1 for 10%).`);
  }
  const started = now();
  const total = datasets.reduce((sum, dataset) => sum + dataset.sessions.length, 0) * strategies.length * budgets.length;
  const cells: BenchmarkCell[] = [];
  let done = 0;
  let tokenizer = '';
  for (const dataset of datasets) {
    const pooled = new Map<string, SessionObservations>();
    const key = (strategy: string, budget: number): string => `${strategy}\u0000${budget}`;
    for (const strategy of strategies) for (const budget of budgets) pooled.set(key(strategy.name, budget), createSessionObservations());
    for (const session of dataset.sessions) {
      const counter = createCachingTokenCounter(createCounter());
      tokenizer = counter.id;
      const prepared = prepareSession(session, counter, maxTurns);
      for (const strategy of strategies) {
        for (const budget of budgets) {
          const observations = await replaySession({ prepared, strategy, budgetShare: budget, minBudgetTokens, counter, now });
          mergeSessionObservations(pooled.get(key(strategy.name, budget))!, observations);
          done += 1;
          onProgress?.({ done, total, dataset: dataset.name, session: session.id, strategy: strategy.name, budget });
        }
      }
    }
    for (const strategy of strategies) {
      for (const budget of budgets) cells.push({ dataset: dataset.name, strategy: strategy.name, budget, metrics: summarizeObservations(pooled.get(key(strategy.name, budget))!, cachedTokenRatio) });
    }
  }
  return {
    budgets: [...budgets],
    minBudgetTokens,
    strategies: strategies.map(({ name, description }) => ({ name, description })),
    datasets: datasets.map((dataset) => ({
      name: dataset.name,
      description: dataset.description,
      sessions: dataset.sessions.length,
      messages: dataset.sessions.reduce((sum, session) => sum + session.messages.length, 0),
      probes: dataset.sessions.reduce((sum, session) => sum + session.probes.length, 0),
    })),
    cells,
    tokenizer: tokenizer || createCounter().id,
    durationMs: now() - started,
  };
}
