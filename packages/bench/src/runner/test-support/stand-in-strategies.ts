import { type CairnMessage, countMessageTokens } from '@cairn/core';
import type { ContextStrategy } from '../../strategies/strategy.js';

/** Every message, always (a stand-in for the `full` baseline in tests). */
export const fullStandIn: ContextStrategy = {
  name: 'full',
  description: 'every message',
  createSession() {
    const messages: CairnMessage[] = [];
    return {
      ingest: (batch) => void messages.push(...batch),
      view: async () => [...messages],
    };
  },
};

/** The newest messages that fit, cut blindly (orphans tool results on purpose). */
export const naiveTailStandIn: ContextStrategy = {
  name: 'recency',
  description: 'newest messages that fit, cut anywhere',
  createSession({ budget, counter }) {
    const messages: CairnMessage[] = [];
    return {
      ingest: (batch) => void messages.push(...batch),
      view: async () => {
        const kept: CairnMessage[] = [];
        let tokens = 0;
        for (let index = messages.length - 1; index >= 0; index--) {
          tokens += countMessageTokens(messages[index]!, counter);
          if (tokens > budget) break;
          kept.unshift(messages[index]!);
        }
        return kept;
      },
    };
  },
};
