import { argumentsText, type CairnMessage, contentText, countMessageTokens } from '@cairn/core';
import { createBm25Index } from './bm25-index.js';
import type { ContextStrategy } from './strategy.js';

function searchableText(message: CairnMessage): string {
  let text = contentText(message.content);
  for (const call of message.toolCalls ?? []) text += `\n${call.name} ${argumentsText(call.arguments)}`;
  return text;
}

/**
 * The `bm25` strategy: naive retrieval. Each message is a document (its text plus tool names
 * and arguments); a view ranks them by BM25 against the query (ties and non-matching messages
 * newest first; with no query, simply newest first), walks the ranking once taking every
 * message that still fits the budget (a message too large is skipped, smaller ones after it
 * may still fit), and shows the taken messages in their original order. It treats the system
 * prompt like any message and splits tool calls from their results freely, as retrieval over
 * single messages does; the benchmark counts those violations.
 *
 * @returns The strategy.
 *
 * @example
 * ```ts
 * const session = createBm25Strategy().createSession({ budget: 8000, counter });
 * session.ingest(history);
 * const view = await session.view({ query: 'Which region may we deploy to?' });
 * ```
 */
export function createBm25Strategy(): ContextStrategy {
  return {
    name: 'bm25',
    description: 'Top messages by BM25 against the query that fit the budget, kept in original order (no query: newest first).',
    createSession({ budget, counter }) {
      const history: CairnMessage[] = [];
      const tokens: number[] = [];
      const index = createBm25Index();
      return {
        ingest(messages: readonly CairnMessage[]) {
          for (const message of messages) {
            history.push(message);
            tokens.push(countMessageTokens(message, counter));
            index.add(searchableText(message));
          }
        },
        async view({ query }) {
          const scores = query === undefined ? new Float64Array(history.length) : index.scores(query);
          const ranking = history.map((_, position) => position);
          ranking.sort((left, right) => scores[right]! - scores[left]! || right - left);
          const taken: number[] = [];
          let total = 0;
          for (const position of ranking) {
            const cost = tokens[position]!;
            if (total + cost > budget) continue;
            total += cost;
            taken.push(position);
          }
          taken.sort((left, right) => left - right);
          return taken.map((position) => history[position]!);
        },
      };
    },
  };
}
