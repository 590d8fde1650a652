import type { CairnMessage } from '@cairn/core';

/**
 * The turns of an agent session: the index of each assistant message (after the first message).
 * A view is assembled at a turn from the messages before that index.
 *
 * @param messages - The session.
 * @returns Message indexes, ascending; turn N (1-based) is the N-th.
 *
 * @example
 * ```ts
 * findTurnPoints(messages).map((index) => messages.slice(0, index)); // the history of each turn
 * ```
 */
export function findTurnPoints(messages: readonly CairnMessage[]): number[] {
  const points: number[] = [];
  messages.forEach((message, index) => {
    if (index > 0 && message.role === 'assistant') points.push(index);
  });
  return points;
}

/**
 * The text of the latest user message before `index`, the query of a turn.
 *
 * @param messages - The session.
 * @param index - The turn's message index.
 * @returns The text, or `undefined` when no user message came before.
 */
export function latestUserText(messages: readonly CairnMessage[], index: number): string | undefined {
  for (let position = Math.min(index, messages.length) - 1; position >= 0; position--) {
    const message = messages[position]!;
    if (message.role !== 'user') continue;
    const content = message.content;
    return typeof content === 'string' ? content : content.map((part) => part.text).join('\n');
  }
  return undefined;
}
