import { findTurnPoints, latestUserText } from '@cairn/bench';
import { type AssembleResult, type CairnMessage, createContextEngine, type TokenCounter } from '@cairn/core';
import { CliError } from './cli-error.js';

/** One turn of a replay: the view assembled before an assistant message. */
export interface ReplayTurn {
  /** 1-based. */
  turn: number;
  /** Index of the assistant message the view comes before (the history is the messages before it). */
  messageIndex: number;
  /** The query the view was assembled for (the latest user message), if any. */
  query?: string;
  /** The engine's view; absent when `assemble` threw. */
  result?: AssembleResult;
  /** The error `assemble` threw. */
  error?: string;
  /** The dead-end guard's warnings for the calls the next assistant message makes. */
  deadEndWarnings: { name: string; verdict: 'warn' | 'block'; reason: string }[];
}

/** Options of {@link replayTurns}. */
export interface ReplayTurnsOptions {
  messages: readonly CairnMessage[];
  /** Token budget of every view. */
  budget: number;
  counter: TokenCounter;
  /** The file, for errors. */
  source: string;
}

/**
 * Replays a session through a fresh cairn engine turn by turn, as `cairn bench` does for the
 * `cairn` strategy: before each assistant message, ingest what came since the last turn and
 * assemble a view for the latest user message (`onBudgetExceeded: 'compress-mandatory'`).
 *
 * @param options - Messages, budget, counter.
 * @returns The turns, lazily.
 * @throws {@link CliError} when the engine rejects the messages (naming the file).
 */
export function* replayTurns({ messages, budget, counter, source }: ReplayTurnsOptions): Generator<ReplayTurn> {
  const engine = createContextEngine({ budget, tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
  let ingested = 0;
  let turn = 0;
  for (const messageIndex of findTurnPoints(messages)) {
    try {
      engine.ingest(messages.slice(ingested, messageIndex));
    } catch (error) {
      throw new CliError(`${source}: the engine rejected messages ${ingested + 1}–${messageIndex}: ${(error as Error).message}`, 1, { cause: error });
    }
    ingested = messageIndex;
    turn += 1;
    const query = latestUserText(messages, messageIndex);
    // What the guard would say about the calls the agent makes next (before they are ingested).
    const deadEndWarnings: ReplayTurn['deadEndWarnings'] = [];
    for (const call of messages[messageIndex]?.toolCalls ?? []) {
      const { verdict, reason } = engine.checkToolCall({ name: call.name, arguments: call.arguments });
      if (verdict !== 'allow') deadEndWarnings.push({ name: call.name, verdict, reason });
    }
    try {
      yield { turn, messageIndex, ...(query === undefined ? {} : { query }), result: engine.assemble(query === undefined ? {} : { query }), deadEndWarnings };
    } catch (error) {
      yield { turn, messageIndex, ...(query === undefined ? {} : { query }), error: (error as Error).message.split('\n')[0]!, deadEndWarnings };
    }
  }
}
