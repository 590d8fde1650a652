import { createBpeTokenCounter, type TokenCounter } from '@cairn/core';
import type { BenchmarkSession } from '../runner/benchmark-types.js';
import { createCachingTokenCounter } from '../runner/caching-token-counter.js';
import { prepareSession } from '../runner/prepare-session.js';
import { replaySession } from '../runner/replay-session.js';
import type { ContextStrategy } from '../strategies/strategy.js';

/** A strategy measured by {@link measureExposure}, under the label its row gets. */
export interface ExposureEntry {
  label: string;
  strategy: ContextStrategy;
}

/** Dead-end exposure of one strategy over a set of sessions. */
export interface ExposureRow {
  label: string;
  /** Turn views taken right before the agent repeated a call that had failed. */
  checks: number;
  /** Of those, views in which that failure was visible (`isFailureVisible`). */
  visible: number;
  /** Views the strategy could not assemble (they count as empty). */
  failedViews: number;
}

/** Options of {@link measureExposure}. */
export interface MeasureExposureOptions {
  sessions: readonly BenchmarkSession[];
  strategies: readonly ExposureEntry[];
  /** Budget as a share of each session's history tokens. */
  budgetShare: number;
  /** Turns sampled per session (the turns before repeats are always kept). @default 60 */
  maxTurns?: number;
  /** Makes the token counter, one per session. @default createBpeTokenCounter */
  createCounter?: () => TokenCounter;
}

/**
 * Dead-end exposure, as the benchmark measures it: each session is replayed through each
 * strategy at the budget, and the turn view right before every repeat of a failed call is checked
 * for that failure's error lines. Deterministic.
 *
 * @param options - Sessions, labelled strategies and the budget share.
 * @returns One row per strategy, in the order given.
 *
 * @example
 * ```ts
 * const rows = await measureExposure({ sessions, budgetShare: 0.1, strategies: [{ label: 'cairn', strategy: createCairnStrategy() }] });
 * rows[0]!.visible / rows[0]!.checks;
 * ```
 */
export async function measureExposure({ sessions, strategies, budgetShare, maxTurns = 60, createCounter = createBpeTokenCounter }: MeasureExposureOptions): Promise<ExposureRow[]> {
  const rows = strategies.map(({ label }) => ({ label, checks: 0, visible: 0, failedViews: 0 }));
  for (const session of sessions) {
    const counter = createCachingTokenCounter(createCounter());
    const prepared = prepareSession(session, counter, maxTurns);
    if (!prepared.checkpoints.some((checkpoint) => checkpoint.deadEnds.length > 0)) continue;
    for (const [index, { strategy }] of strategies.entries()) {
      const observations = await replaySession({ prepared: { ...prepared, checkpoints: prepared.checkpoints.map((checkpoint) => ({ ...checkpoint, probes: [] })) }, strategy, budgetShare, counter });
      const row = rows[index]!;
      row.checks += observations.deadEndChecks;
      row.visible += observations.deadEndVisible;
      row.failedViews += observations.failedViews;
    }
  }
  return rows;
}
