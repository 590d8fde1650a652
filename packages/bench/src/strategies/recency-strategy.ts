import type { CairnMessage } from '@cairn/core';
import { type BaseMessage, trimMessages } from '@langchain/core/messages';
import { fromLangChainMessages, toLangChainMessages } from './convert-langchain.js';
import { createLangChainTokenCounter, type LangChainTokenCounter } from './langchain-token-counter.js';
import type { ContextStrategy } from './strategy.js';

/**
 * Keeps the newest messages that fit `budget` with LangChain's own `trimMessages` from
 * `@langchain/core/messages`, called exactly as
 * `trimMessages(messages, { maxTokens: budget, strategy: 'last', tokenCounter, includeSystem: true, startOn: 'human', allowPartial: false })`:
 * the system prompt at index 0 stays, whole messages are dropped oldest first, and the kept
 * window then starts at a human message (so it never opens on an orphan tool result).
 *
 * When no human message fits together with everything after it, `@langchain/core` 1.4
 * `trimMessages` returns `[undefined]` (its `startOn` cut also removes the system prompt, and it
 * then puts back the missing first element); the `undefined` is dropped here, so that case is
 * an empty view. Nothing else is changed.
 *
 * @param messages - The history as LangChain messages (not modified).
 * @param budget - `maxTokens`.
 * @param tokenCounter - Counts a message list (see {@link createLangChainTokenCounter}).
 * @returns What `trimMessages` returns, without `undefined` entries.
 */
export async function trimToRecentMessages(messages: readonly BaseMessage[], budget: number, tokenCounter: LangChainTokenCounter): Promise<BaseMessage[]> {
  const trimmed: (BaseMessage | undefined)[] = await trimMessages([...messages], {
    maxTokens: budget,
    strategy: 'last',
    tokenCounter,
    includeSystem: true,
    startOn: 'human',
    allowPartial: false,
  });
  return trimmed.filter((message): message is BaseMessage => message !== undefined);
}

/**
 * The `recency` strategy: the newest messages that fit, through LangChain's real `trimMessages`
 * (see {@link trimToRecentMessages}). What LangChain returns is measured as is, only converted
 * back to cairn messages. Because of `startOn: 'human'` the window can be much smaller than the
 * budget (it ends at the newest human message that fits with everything after it), and when no
 * human message fits the view is empty, system prompt included (see {@link trimToRecentMessages}).
 *
 * @returns The strategy.
 *
 * @example
 * ```ts
 * const session = createRecencyStrategy().createSession({ budget: 8000, counter: createBpeTokenCounter() });
 * session.ingest(history);
 * const view = await session.view({});
 * ```
 */
export function createRecencyStrategy(): ContextStrategy {
  return {
    name: 'recency',
    description: "Newest messages that fit: LangChain's trimMessages (strategy 'last', includeSystem, startOn 'human').",
    createSession({ budget, counter }) {
      const history: BaseMessage[] = [];
      const tokenCounter = createLangChainTokenCounter(counter);
      return {
        ingest(messages: readonly CairnMessage[]) {
          history.push(...toLangChainMessages(messages));
        },
        async view() {
          return fromLangChainMessages(await trimToRecentMessages(history, budget, tokenCounter));
        },
      };
    },
  };
}
