import type { CairnMessage, TokenCounter } from '@cairn/core';
import { anchorRetention } from '../metrics/anchor-retention.js';
import { answerRecall } from '../metrics/answer-recall.js';
import { isFailureVisible } from '../metrics/dead-end-checks.js';
import { evidenceRecall } from '../metrics/evidence-recall.js';
import { stablePrefixShare } from '../metrics/prefix-stability.js';
import { callTokens } from '../metrics/billed-tokens.js';
import { hasToolPairViolation } from '../metrics/tool-pair-integrity.js';
import { countViewTokens } from '../metrics/view-tokens.js';
import { messageText, viewText } from '../metrics/view-text.js';
import { type AnchorCache, cachedAnchors, viewMdlQuality } from '../metrics/view-mdl-quality.js';
import type { ContextStrategy } from '../strategies/strategy.js';
import type { BenchmarkProbe } from './benchmark-types.js';
import { latestUserText } from './find-turn-points.js';
import type { PreparedSession } from './prepare-session.js';
import { createSessionObservations, type SessionObservations } from './session-observations.js';

/** Options of {@link replaySession}. */
export interface ReplaySessionOptions {
  prepared: PreparedSession;
  strategy: ContextStrategy;
  /** Share of the session's history tokens. */
  budgetShare: number;
  /** The budget never goes below this many tokens. @default 0 */
  minBudgetTokens?: number;
  /** The benchmark's token counter (shared by strategies and metrics). */
  counter: TokenCounter;
  /** Clock in milliseconds. @default performance.now */
  now?: () => number;
}

/**
 * Anchors by message text, shared by every replay (each strategy and budget replays the same
 * messages): a memo of a pure function, bounded by {@link cachedAnchors}.
 */
const anchorCache: AnchorCache = new Map();

const describeError = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);

/**
 * Replays one session through one strategy at one budget: ingests the messages up to each
 * checkpoint, asks for the turn view (query: the latest user message) and each probe's view
 * (query: the question), and measures every view. A view call that throws counts as an empty
 * view; an ingest that throws ends the replay.
 *
 * @param options - The prepared session, strategy, budget and counter.
 * @returns The raw observations of this replay.
 * @internal
 */
export async function replaySession({ prepared, strategy, budgetShare, minBudgetTokens = 0, counter, now = () => performance.now() }: ReplaySessionOptions): Promise<SessionObservations> {
  const observations = createSessionObservations();
  const { session, checkpoints, cumulativeTokens, messageById } = prepared;
  const budget = Math.max(1, minBudgetTokens, Math.round(budgetShare * cumulativeTokens.at(-1)!));
  const strategySession = strategy.createSession({ budget, counter });
  let ingested = 0;
  let previousTurn: { position: number; view: CairnMessage[] } | undefined;
  /** The distinct anchors of the history ingested so far (for the MDL quality of turn views). */
  const historyAnchors = new Set<string>();

  const assemble = async (index: number, query: string | undefined, purpose: 'turn' | 'probe'): Promise<{ view: CairnMessage[]; text: string; tokens: number }> => {
    observations.views += 1;
    let view: CairnMessage[] = [];
    const started = now();
    try {
      view = await strategySession.view(query === undefined ? { purpose } : { query, purpose });
    } catch (error) {
      observations.failedViews += 1;
      observations.errors.push(describeError(error));
    }
    observations.viewLatencies.push(now() - started);
    const tokens = countViewTokens(view, counter);
    observations.viewTokens += tokens;
    observations.historyTokens += cumulativeTokens[index]!;
    if (tokens > budget) observations.overBudgetViews += 1;
    if (hasToolPairViolation(view)) observations.toolPairViolations += 1;
    return { view, text: viewText(view), tokens };
  };

  const askProbe = async (index: number, probe: BenchmarkProbe): Promise<void> => {
    observations.probes += 1;
    const { view, text } = await assemble(index, probe.question, 'probe');
    const evidence = probe.evidence.flatMap((id) => messageById.get(id) ?? []);
    const recall = evidenceRecall({ view, evidence, text, ...(probe.answer === undefined ? {} : { answer: probe.answer }) });
    if (recall !== undefined) observations.evidenceRecalls.push(recall);
    if (probe.answer !== undefined) observations.answerRecalls.push(answerRecall(probe.answer, text));
    const anchors = anchorRetention(probe.anchors ?? [], text);
    if (anchors !== undefined) observations.anchorRetentions.push(anchors);
  };

  for (const checkpoint of checkpoints) {
    if (checkpoint.index > ingested) {
      const batch = session.messages.slice(ingested, checkpoint.index);
      const started = now();
      try {
        await strategySession.ingest(batch);
      } catch (error) {
        observations.errors.push(`ingest: ${describeError(error)}`);
        break;
      }
      observations.ingestMs += now() - started;
      observations.ingestedMessages += batch.length;
      for (const message of batch) for (const anchor of cachedAnchors(messageText(message), anchorCache)) historyAnchors.add(anchor);
      ingested = checkpoint.index;
    }
    if (checkpoint.turnPosition !== undefined) {
      const { view, text, tokens } = await assemble(checkpoint.index, latestUserText(session.messages, checkpoint.index), 'turn');
      observations.mdlQualities.push(viewMdlQuality({ historyAnchors, historyTokens: cumulativeTokens[checkpoint.index]!, viewTokens: tokens, texts: view.map(messageText), cache: anchorCache }));
      if (previousTurn && previousTurn.position + 1 === checkpoint.turnPosition) {
        observations.prefixShares.push(stablePrefixShare(previousTurn.view, view));
        const callCost = callTokens(previousTurn.view, view, counter);
        observations.cacheTurns += 1;
        observations.cacheRawTokens += callCost.raw;
        observations.cacheCachedTokens += callCost.cached;
      }
      previousTurn = { position: checkpoint.turnPosition, view };
      for (const check of checkpoint.deadEnds) {
        observations.deadEndChecks += 1;
        if (isFailureVisible(check, text)) observations.deadEndVisible += 1;
      }
    }
    if (checkpoint.probes.length > 0) previousTurn = undefined;
    for (const probe of checkpoint.probes) await askProbe(checkpoint.index, probe);
  }
  return observations;
}
