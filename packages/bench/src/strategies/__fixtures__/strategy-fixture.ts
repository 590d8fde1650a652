import { type CairnMessage, countMessageTokens, createCharTokenCounter, type TokenCounter } from '@cairn/core';
import { generateSyntheticSession } from '../../generate-synthetic-session.js';
import type { SyntheticSession } from '../../synthetic-session-types.js';
import type { ContextStrategy } from '../strategy.js';

/** Shares of the history's tokens used as budgets in the strategy tests. */
export const BUDGET_SHARES = [0.05, 0.1, 0.2] as const;

/** The char/4 counter most strategy tests use (fast). */
export const CHAR_COUNTER: TokenCounter = createCharTokenCounter();

const sessions = new Map<number, SyntheticSession>();

/** A generated 600-message session, built once per seed and shared by the tests of a file. */
export function fixtureSession(seed = 7): SyntheticSession {
  let session = sessions.get(seed);
  if (session === undefined) sessions.set(seed, (session = generateSyntheticSession({ seed, messages: 600 })));
  return session;
}

/** Tokens of messages, summed with `countMessageTokens`. */
export function totalTokens(messages: readonly CairnMessage[], counter: TokenCounter = CHAR_COUNTER): number {
  return messages.reduce((total, message) => total + countMessageTokens(message, counter), 0);
}

/** Runs one session of `strategy` over `history` and returns its view. */
export async function viewOf(
  strategy: ContextStrategy,
  history: readonly CairnMessage[],
  { budget, counter = CHAR_COUNTER, query }: { budget: number; counter?: TokenCounter; query?: string },
): Promise<CairnMessage[]> {
  const session = strategy.createSession({ budget, counter });
  await session.ingest(history);
  return session.view(query === undefined ? {} : { query });
}

/** Positions in `history` of the view's ids, or -1 for an id not in it. */
export function positionsIn(view: readonly CairnMessage[], history: readonly CairnMessage[]): number[] {
  const positions = new Map(history.map((message, position) => [message.id, position]));
  return view.map((message) => positions.get(message.id) ?? -1);
}

/** True when the view's ids are a subsequence of the history's, in order. */
export function isOrderedSubsequence(view: readonly CairnMessage[], history: readonly CairnMessage[]): boolean {
  const positions = positionsIn(view, history);
  return positions.every((position, index) => position >= 0 && (index === 0 || position > positions[index - 1]!));
}
