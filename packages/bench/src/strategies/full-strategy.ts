import type { CairnMessage } from '@cairn/core';
import type { ContextStrategy } from './strategy.js';

/**
 * The `full` strategy: no context management. Every view is the whole history, so the
 * benchmark shows where and by how much an unmanaged agent overflows the budget.
 *
 * @returns The strategy.
 *
 * @example
 * ```ts
 * const session = createFullStrategy().createSession({ budget: 8000, counter });
 * session.ingest(history);
 * (await session.view({})).length === history.length; // true
 * ```
 */
export function createFullStrategy(): ContextStrategy {
  return {
    name: 'full',
    description: 'No management: the whole history every turn (shows overflow).',
    createSession() {
      const history: CairnMessage[] = [];
      return {
        ingest(messages: readonly CairnMessage[]) {
          history.push(...messages);
        },
        async view() {
          return [...history];
        },
      };
    },
  };
}
