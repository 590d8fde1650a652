import { type CairnMessage, contentText, createBpeTokenCounter, createLexicalVectoriser, type SparseVector, type TokenCounter } from '@cairn/core';
import type { BenchmarkSession } from '../runner/benchmark-types.js';
import { createCachingTokenCounter } from '../runner/caching-token-counter.js';
import { latestUserText } from '../runner/find-turn-points.js';
import { prepareSession } from '../runner/prepare-session.js';
import type { ContextStrategy } from '../strategies/strategy.js';

/** Alignment stability of one strategy over a set of sessions. */
export interface AlignmentRow {
  label: string;
  /** Turn views measured. */
  views: number;
  /** Mean cosine of a turn view with the session's global intent. */
  mean: number;
  /** Population standard deviation of those cosines. */
  stdDev: number;
  /** Mean over each session's last third of views minus the mean over its first third (negative: drifting away). */
  drift: number;
  /** Views that threw (counted as empty, alignment 0). */
  failedViews: number;
}

/** Options of {@link measureAlignmentStability}. */
export interface MeasureAlignmentStabilityOptions {
  sessions: readonly BenchmarkSession[];
  strategies: readonly { label: string; strategy: ContextStrategy }[];
  /** Budget as a share of each session's history tokens. */
  budgetShare: number;
  /** Turns sampled per session. @default 60 */
  maxTurns?: number;
  /** @default createBpeTokenCounter */
  createCounter?: () => TokenCounter;
}

/** Cosine of two sparse vectors (ids need not be sorted). */
function sparseCosine(a: SparseVector, b: SparseVector): number {
  const weights = new Map<number, number>();
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.ids.length; index++) {
    weights.set(a.ids[index]!, (weights.get(a.ids[index]!) ?? 0) + a.weights[index]!);
  }
  for (const weight of weights.values()) normA += weight * weight;
  let dot = 0;
  const other = new Map<number, number>();
  for (let index = 0; index < b.ids.length; index++) other.set(b.ids[index]!, (other.get(b.ids[index]!) ?? 0) + b.weights[index]!);
  for (const [id, weight] of other) {
    normB += weight * weight;
    dot += weight * (weights.get(id) ?? 0);
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** The session's global intent: its first user message (the task), as the engine reads it. */
function globalIntent(messages: readonly CairnMessage[]): string {
  return contentText(messages.find((message) => message.role === 'user')?.content ?? '');
}

/**
 * Alignment stability (CDA Prediction 1) on recorded sessions: each session is replayed through
 * each strategy at the budget, a turn view at each sampled turn (as the benchmark asks for it), and each view's text
 * (system prompt left out: every strategy keeps it) is compared with the session's global intent
 * (its first user message) by lexical cosine. Reports the mean, the spread and the drift (last
 * third of a session's views minus its first third). Deterministic.
 */
export async function measureAlignmentStability({ sessions, strategies, budgetShare, maxTurns = 60, createCounter = createBpeTokenCounter }: MeasureAlignmentStabilityOptions): Promise<AlignmentRow[]> {
  const samples = strategies.map(() => ({ values: [] as number[], drifts: [] as number[], failedViews: 0 }));
  for (const session of sessions) {
    if (session.replay !== 'agent') continue;
    const intentText = globalIntent(session.messages);
    if (intentText.trim() === '') continue;
    const counter = createCachingTokenCounter(createCounter());
    const prepared = prepareSession(session, counter, maxTurns);
    const budget = Math.max(1, Math.round(budgetShare * prepared.cumulativeTokens.at(-1)!));
    for (const [index, { strategy }] of strategies.entries()) {
      const vectoriser = createLexicalVectoriser();
      const intent = vectoriser.vector(intentText);
      const strategySession = strategy.createSession({ budget, counter });
      const values: number[] = [];
      let ingested = 0;
      for (const checkpoint of prepared.checkpoints) {
        if (checkpoint.turnPosition === undefined) continue;
        if (checkpoint.index > ingested) {
          await strategySession.ingest(session.messages.slice(ingested, checkpoint.index));
          ingested = checkpoint.index;
        }
        let text = '';
        try {
          const query = latestUserText(session.messages, checkpoint.index);
          const view = await strategySession.view(query === undefined ? { purpose: 'turn' } : { query, purpose: 'turn' });
          text = view.filter((message) => message.role !== 'system').map((message) => contentText(message.content)).join('\n');
        } catch {
          samples[index]!.failedViews += 1;
        }
        values.push(text === '' ? 0 : sparseCosine(vectoriser.vector(text), intent));
      }
      samples[index]!.values.push(...values);
      const third = Math.floor(values.length / 3);
      if (third > 0) samples[index]!.drifts.push(average(values.slice(-third)) - average(values.slice(0, third)));
    }
  }
  return strategies.map(({ label }, index) => {
    const { values, drifts, failedViews } = samples[index]!;
    const mean = average(values);
    return { label, views: values.length, mean, stdDev: Math.sqrt(average(values.map((value) => (value - mean) ** 2))), drift: average(drifts), failedViews };
  });
}

function average(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
