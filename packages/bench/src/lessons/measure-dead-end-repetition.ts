import { argumentsText, type CairnMessage, type ContextEngineOptions, contentText, createBpeTokenCounter, type ViewMessage, createContextEngine, type TokenCounter } from '@cairn/core';
import { isFailureVisible } from '../metrics/dead-end-checks.js';
import { viewText } from '../metrics/view-text.js';
import type { BenchmarkSession } from '../runner/benchmark-types.js';
import { createCachingTokenCounter } from '../runner/caching-token-counter.js';
import { prepareSession } from '../runner/prepare-session.js';

/** One engine configuration replayed by {@link measureDeadEndRepetition}. */
export interface RepetitionConfig {
  label: string;
  /** Engine options on top of `{ budget, tokenCounter, onBudgetExceeded: 'compress-mandatory' }`. */
  options: ContextEngineOptions;
}

/** What one configuration measured over a set of sessions. */
export interface RepetitionRow {
  label: string;
  /** Distinct calls (tool and arguments) whose result failed: the disproven strategies. */
  failedCalls: number;
  /** Of those, calls the agent repeated later (as recorded: no registry steers it). */
  retried: number;
  /**
   * Of those, calls whose first repeat would not have been stopped: at the view before it the
   * lesson was not in view (the brief did not name that failure) or the guard allowed the call.
   * The replay proxy of a repeat the agent makes anyway.
   */
  retriedWithLesson: number;
  /** Views taken right before a repeat of a failed call (every repeat, not only the first). */
  repeats: number;
  /** Of those, views in which the earlier failure's error lines were visible (the bench's dead-end exposure). */
  visible: number;
  /** Of those, views whose lessons message named that failure. */
  lessonInView: number;
  /** Of those, repeats the guard flagged (`warn` or `block`). */
  flagged: number;
  /** Repeats that failed again (the result of the repeated call was an error). */
  failedAgain: number;
  /** Repeats that failed again and that the lesson in view plus a flag would have stopped. */
  failedAgainStopped: number;
  /** Views that threw (counted as empty). */
  failedViews: number;
  /** Units whose score dead-end steering lowered, summed over the repeat views. */
  steeredUnits: number;
  /** Tokens the repeat views spent on failed tool results shown whole or compressed (not placeholders). */
  failedPathTokens: number;
}

/** Options of {@link measureDeadEndRepetition}. */
export interface MeasureDeadEndRepetitionOptions {
  sessions: readonly BenchmarkSession[];
  configs: readonly RepetitionConfig[];
  /** Budget as a share of each session's history tokens. */
  budgetShare: number;
  /** Turns sampled per session (the turns before repeats are always kept). @default 60 */
  maxTurns?: number;
  /** Makes the token counter, one per session. @default createBpeTokenCounter */
  createCounter?: () => TokenCounter;
}

/** The id of the view's lessons message (the dead-end brief and the playbook). */
const LESSONS_ID = 'cairn:dead-ends';

const callKey = (name: string, args: unknown): string => `${name}\u0000${argumentsText(args)}`;

/**
 * Dead-end repetition rate (CDA's Prediction 2) as a replay proxy on recorded agent runs: each
 * session is replayed through the engine of each configuration the way the benchmark replays it
 * (a turn view at each sampled turn, none with a query), and at the view before every repeat of a
 * failed call it records whether the failure was visible, whether the lessons message named it,
 * and the guard's verdict on the repeated call. A repeat counts as stopped when the lesson was in
 * view and the guard flagged it (the agent of the recording did not see either, so this is what
 * the guard would have flagged after the lesson was available, not an observed behaviour change).
 * Deterministic.
 *
 * @param options - Sessions, configurations and the budget share.
 * @returns One row per configuration, in the order given.
 */
export function measureDeadEndRepetition({ sessions, configs, budgetShare, maxTurns = 60, createCounter = createBpeTokenCounter }: MeasureDeadEndRepetitionOptions): RepetitionRow[] {
  const rows: RepetitionRow[] = configs.map(({ label }) => ({ label, failedCalls: 0, retried: 0, retriedWithLesson: 0, repeats: 0, visible: 0, lessonInView: 0, flagged: 0, failedAgain: 0, failedAgainStopped: 0, failedViews: 0, steeredUnits: 0, failedPathTokens: 0 }));
  for (const session of sessions) {
    if (session.replay !== 'agent') continue;
    const { messages } = session;
    const counter = createCachingTokenCounter(createCounter());
    const prepared = prepareSession(session, counter, maxTurns);
    const failedKeys = failedCallKeys(messages);
    const resultOf = resultsByCall(messages);
    const failedResults = new Set(messages.filter((message) => message.role === 'tool' && message.isError === true).map((message) => message.id));
    const budget = Math.max(1, Math.round(budgetShare * prepared.cumulativeTokens.at(-1)!));
    for (const [index, config] of configs.entries()) {
      const row = rows[index]!;
      row.failedCalls += failedKeys.size;
      const engine = createContextEngine({ budget, tokenCounter: counter, onBudgetExceeded: 'compress-mandatory', ...config.options });
      /** Per failed call key: whether its first repeat was stopped. */
      const firstRepeat = new Map<string, boolean>();
      let ingested = 0;
      for (const checkpoint of prepared.checkpoints) {
        if (checkpoint.turnPosition === undefined) continue;
        if (checkpoint.index > ingested) {
          engine.ingest(messages.slice(ingested, checkpoint.index));
          ingested = checkpoint.index;
        }
        let text = '';
        let lessonIds = new Set<string>();
        try {
          const { messages: view, metadata } = engine.assemble({});
          text = viewText(view);
          lessonIds = new Set(view.filter((message) => message.id === LESSONS_ID).flatMap((message) => message.sourceIds ?? []));
          if (checkpoint.deadEnds.length > 0) row.failedPathTokens += failedPathTokens(view, failedResults, counter);
          if (checkpoint.deadEnds.length > 0) row.steeredUnits += new Set((metadata.deadEnds?.steered ?? []).flatMap((steered) => steered.units)).size;
        } catch {
          row.failedViews += 1;
        }
        for (const check of checkpoint.deadEnds) {
          const calls = messages[check.messageIndex]!.toolCalls ?? [];
          const call = calls.find((each) => each.name === check.toolName && failedKeys.has(callKey(each.name, each.arguments)))!;
          const key = callKey(call.name, call.arguments);
          const visible = isFailureVisible(check, text);
          const inView = lessonIds.has(check.failedResultId);
          const flagged = engine.checkToolCall({ name: call.name, arguments: call.arguments }).verdict !== 'allow';
          const stopped = inView && flagged;
          const failed = resultOf.get(call.id)?.isError === true;
          row.repeats += 1;
          if (visible) row.visible += 1;
          if (inView) row.lessonInView += 1;
          if (flagged) row.flagged += 1;
          if (failed) {
            row.failedAgain += 1;
            if (stopped) row.failedAgainStopped += 1;
          }
          if (!firstRepeat.has(key)) firstRepeat.set(key, stopped);
        }
      }
      row.retried += firstRepeat.size;
      for (const stopped of firstRepeat.values()) if (!stopped) row.retriedWithLesson += 1;
    }
  }
  return rows;
}

/** Keys of the calls whose result failed. */
function failedCallKeys(messages: readonly CairnMessage[]): Set<string> {
  const keys = new Map<string, string>();
  const failed = new Set<string>();
  for (const message of messages) {
    for (const call of message.toolCalls ?? []) keys.set(call.id, callKey(call.name, call.arguments));
    if (message.role === 'tool' && message.isError === true && message.toolCallId !== undefined && keys.has(message.toolCallId)) failed.add(keys.get(message.toolCallId)!);
  }
  return failed;
}

/** Each call's result message, by call id. */
function resultsByCall(messages: readonly CairnMessage[]): Map<string, CairnMessage> {
  const results = new Map<string, CairnMessage>();
  for (const message of messages) if (message.role === 'tool' && message.toolCallId !== undefined) results.set(message.toolCallId, message);
  return results;
}

/** Tokens of the view's tool messages that show a failed result (not as a placeholder). */
function failedPathTokens(view: readonly ViewMessage[], failed: ReadonlySet<string>, counter: TokenCounter): number {
  let tokens = 0;
  for (const message of view) {
    if (message.role !== 'tool' || message.fidelity === 'placeholder' || !(message.sourceIds ?? [message.id]).some((id) => failed.has(id))) continue;
    tokens += counter.count(contentText(message.content));
  }
  return tokens;
}
