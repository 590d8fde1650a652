import type { CairnMessage } from '@cairn/core';
import { type ModelMessage, pruneMessages } from 'ai';
import { fromModelMessages, toModelMessage } from './convert-ai-sdk.js';
import { fromLangChainMessages, toLangChainMessages } from './convert-langchain.js';
import { createLangChainTokenCounter } from './langchain-token-counter.js';
import { trimToRecentMessages } from './recency-strategy.js';
import type { ContextStrategy } from './strategy.js';

/** What AI SDK's `pruneMessages` accepts as `toolCalls`. */
export type PruneToolCalls = NonNullable<Parameters<typeof pruneMessages>[0]['toolCalls']>;

/** Options for {@link createPruneStrategy}. */
export interface PruneStrategyOptions {
  /**
   * `pruneMessages`' `toolCalls`: which tool calls and results to remove.
   * @default 'before-last-message'
   */
  toolCalls?: PruneToolCalls;
}

/**
 * The `prune` strategy: AI SDK's real `pruneMessages` from `ai`, then recency to fit. Each view
 * runs `pruneMessages({ messages, reasoning: 'all', toolCalls, emptyMessages: 'remove' })` over
 * the whole history as `ModelMessage`s (tool calls and results before the last message are
 * removed; tool messages left empty are dropped; assistant text stays), converts the result back
 * and fits it with the same LangChain `trimMessages` call as the `recency` strategy (see
 * {@link trimToRecentMessages}), since the AI SDK has no trimming of its own. Both library
 * results are measured as they come.
 *
 * @param options - See {@link PruneStrategyOptions}.
 * @returns The strategy.
 *
 * @example
 * ```ts
 * const session = createPruneStrategy().createSession({ budget: 8000, counter });
 * session.ingest(history);
 * const view = await session.view({}); // no tool results but the last message's
 * ```
 */
export function createPruneStrategy({ toolCalls = 'before-last-message' }: PruneStrategyOptions = {}): ContextStrategy {
  return {
    name: 'prune',
    description: "AI SDK pruneMessages (reasoning 'all', toolCalls 'before-last-message', empty messages removed), then LangChain's trimMessages to fit.",
    createSession({ budget, counter }) {
      const modelHistory: ModelMessage[] = [];
      const toolNames = new Map<string, string>();
      const tokenCounter = createLangChainTokenCounter(counter);
      return {
        ingest(messages: readonly CairnMessage[]) {
          for (const message of messages) {
            for (const call of message.toolCalls ?? []) toolNames.set(call.id, call.name);
            modelHistory.push(toModelMessage(message, toolNames));
          }
        },
        async view() {
          const pruned = pruneMessages({ messages: modelHistory, reasoning: 'all', toolCalls, emptyMessages: 'remove' });
          const trimmed = await trimToRecentMessages(toLangChainMessages(fromModelMessages(pruned)), budget, tokenCounter);
          return fromLangChainMessages(trimmed);
        },
      };
    },
  };
}
