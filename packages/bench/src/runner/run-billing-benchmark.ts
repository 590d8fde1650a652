import { createBpeTokenCounter, type TokenCounter } from '@cairn/core';
import { billedTokens, DEFAULT_CACHED_TOKEN_RATIO } from '../metrics/billed-tokens.js';
import type { ContextStrategy } from '../strategies/strategy.js';
import type { BenchmarkDataset } from './benchmark-types.js';
import { createCachingTokenCounter } from './caching-token-counter.js';
import { prepareSession } from './prepare-session.js';
import { replaySession } from './replay-session.js';

/** Budgets of the billing run by default, in tokens: what agents are given in practice. */
export const DEFAULT_BILLING_BUDGETS: readonly number[] = [8_000, 16_000, 32_000];
/** A run takes part at a budget only when its history is at least this many times the budget. */
export const DEFAULT_MIN_LENGTH_RATIO = 3;

/** Options of {@link runBillingBenchmark}. */
export interface RunBillingBenchmarkOptions {
  datasets: readonly BenchmarkDataset[];
  strategies: readonly ContextStrategy[];
  /** Budgets in tokens. @default DEFAULT_BILLING_BUDGETS */
  budgetTokens?: readonly number[];
  /** Runs shorter than this many budgets are left out at that budget. @default DEFAULT_MIN_LENGTH_RATIO */
  minLengthRatio?: number;
  /** Price of a cached input token as a share of an uncached one. @default DEFAULT_CACHED_TOKEN_RATIO */
  cachedTokenRatio?: number;
  /** @default createBpeTokenCounter */
  createCounter?: () => TokenCounter;
  /** Called after each replay. */
  onProgress?: (done: number, total: number, label: string) => void;
}

/** One strategy on one data set at one budget, summed over every turn of the qualifying runs. */
export interface BillingCell {
  dataset: string;
  strategy: string;
  budgetTokens: number;
  /** Runs at least `minLengthRatio` budgets long. */
  sessions: number;
  /** Turns after each run's first (the ones with a previous call to share a prefix with). */
  turns: number;
  /** View tokens of those turns. */
  rawTokens: number;
  /** The part of them that repeats the previous call's leading messages. */
  cachedTokens: number;
  /** `rawTokens − cachedTokens + cachedTokenRatio × cachedTokens`. */
  billedTokens: number;
  /** Mean share of the previous view kept as an unchanged prefix. */
  prefixStability: number | undefined;
  /** Views over the budget, and views whose call threw. */
  overBudgetViews: number;
  failedViews: number;
}

/** What {@link runBillingBenchmark} returns. */
export interface BillingResult {
  cachedTokenRatio: number;
  minLengthRatio: number;
  budgetTokens: readonly number[];
  cells: readonly BillingCell[];
}

/**
 * Replays every turn of the agent runs long enough for each budget (history ≥ `minLengthRatio` ×
 * budget) through every strategy at fixed token budgets, and sums what a provider with a prompt
 * cache bills: each turn's leading messages identical to the previous call's at the cached price,
 * the rest at full price.
 *
 * @param options - Data sets, strategies, budgets, the cached-token price.
 * @returns One cell per data set × budget × strategy (none where no run qualifies).
 *
 * @example
 * ```ts
 * const result = await runBillingBenchmark({ datasets: [createSyntheticDataset()], strategies: Object.values(STRATEGIES) });
 * console.log(renderBillingTable(result));
 * ```
 */
export async function runBillingBenchmark({
  datasets,
  strategies,
  budgetTokens = DEFAULT_BILLING_BUDGETS,
  minLengthRatio = DEFAULT_MIN_LENGTH_RATIO,
  cachedTokenRatio = DEFAULT_CACHED_TOKEN_RATIO,
  createCounter = createBpeTokenCounter,
  onProgress,
}: RunBillingBenchmarkOptions): Promise<BillingResult> {
  for (const budget of budgetTokens) if (!(Number.isInteger(budget) && budget >= 1)) throw new RangeError(`Invalid billing budget ${budget}: a whole number of tokens from 1.`);
  if (!(cachedTokenRatio >= 0 && cachedTokenRatio <= 1)) throw new RangeError(`Invalid cachedTokenRatio ${cachedTokenRatio}: a share from 0 to 1.`);
  const cells: BillingCell[] = [];
  const work = datasets.flatMap((dataset) => dataset.sessions.filter((session) => session.replay === 'agent').map((session) => ({ dataset, session })));
  const total = work.length * budgetTokens.length * strategies.length;
  let done = 0;
  const cellOf = new Map<string, BillingCell & { prefixSum: number; prefixCount: number }>();
  for (const { dataset, session } of work) {
    const counter = createCachingTokenCounter(createCounter());
    const prepared = prepareSession(session, counter, Number.MAX_SAFE_INTEGER);
    const history = prepared.cumulativeTokens.at(-1)!;
    for (const budget of budgetTokens) {
      for (const strategy of strategies) {
        done += 1;
        if (history < minLengthRatio * budget) continue;
        const observations = await replaySession({ prepared, strategy, budgetShare: budget / history, counter, now: () => 0 });
        const key = `${dataset.name}\u0000${budget}\u0000${strategy.name}`;
        let cell = cellOf.get(key);
        if (!cell) {
          cell = { dataset: dataset.name, strategy: strategy.name, budgetTokens: budget, sessions: 0, turns: 0, rawTokens: 0, cachedTokens: 0, billedTokens: 0, prefixStability: undefined, overBudgetViews: 0, failedViews: 0, prefixSum: 0, prefixCount: 0 };
          cellOf.set(key, cell);
        }
        cell.sessions += 1;
        cell.turns += observations.cacheTurns;
        cell.rawTokens += observations.cacheRawTokens;
        cell.cachedTokens += observations.cacheCachedTokens;
        cell.overBudgetViews += observations.overBudgetViews;
        cell.failedViews += observations.failedViews;
        for (const share of observations.prefixShares) cell.prefixSum += share;
        cell.prefixCount += observations.prefixShares.length;
        onProgress?.(done, total, `${dataset.name} · ${session.id} · ${strategy.name} · ${budget}`);
      }
    }
  }
  for (const { prefixSum, prefixCount, ...cell } of cellOf.values()) {
    cells.push({ ...cell, billedTokens: billedTokens({ raw: cell.rawTokens, cached: cell.cachedTokens }, cachedTokenRatio), prefixStability: prefixCount > 0 ? prefixSum / prefixCount : undefined });
  }
  return { cachedTokenRatio, minLengthRatio, budgetTokens: [...budgetTokens], cells };
}
