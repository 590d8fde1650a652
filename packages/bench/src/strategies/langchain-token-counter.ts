import { countMessageTokens, type TokenCounter } from '@cairn/core';
import type { BaseMessage } from '@langchain/core/messages';
import { fromLangChainMessage } from './convert-langchain.js';

/** A LangChain `tokenCounter`: tokens of a list of messages (what `trimMessages` and `ClearToolUsesEdit` take). */
export type LangChainTokenCounter = (messages: BaseMessage[]) => number;

interface CachedCount {
  content: BaseMessage['content'];
  toolCalls: unknown;
  tokens: number;
}

/**
 * Wraps a cairn {@link TokenCounter} for LangChain: the sum of `countMessageTokens` over the
 * messages converted back to cairn, so LangChain's trimming and cairn's budgets count the same
 * tokens. Counts are cached per message object and per id (while content and tool calls are the
 * same objects), because `trimMessages` recounts every prefix of the history.
 *
 * @param counter - The run's token counter.
 * @returns A function LangChain can call as `tokenCounter` / `countTokens`.
 *
 * @example
 * ```ts
 * await trimMessages(messages, { maxTokens: 8000, tokenCounter: createLangChainTokenCounter(createBpeTokenCounter()) });
 * ```
 */
export function createLangChainTokenCounter(counter: TokenCounter): LangChainTokenCounter {
  const byObject = new WeakMap<BaseMessage, number>();
  const byId = new Map<string, CachedCount>();
  const countOne = (message: BaseMessage): number => {
    const known = byObject.get(message);
    if (known !== undefined) return known;
    const toolCalls: unknown = 'tool_calls' in message ? message.tool_calls : undefined;
    const cached = message.id === undefined ? undefined : byId.get(message.id);
    let tokens: number;
    if (cached !== undefined && cached.content === message.content && cached.toolCalls === toolCalls) {
      tokens = cached.tokens;
    } else {
      tokens = countMessageTokens(fromLangChainMessage(message, 'uncounted-id'), counter);
      if (message.id !== undefined) byId.set(message.id, { content: message.content, toolCalls, tokens });
    }
    byObject.set(message, tokens);
    return tokens;
  };
  return (messages) => {
    let total = 0;
    for (const message of messages) total += countOne(message);
    return total;
  };
}
