import type { CairnMessage } from '@cairn/core';
import { type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { ClearToolUsesEdit, type ClearToolUsesEditConfig, type ContextEdit } from 'langchain';
import { fromLangChainMessage, toLangChainMessages } from './convert-langchain.js';
import { createLangChainTokenCounter } from './langchain-token-counter.js';
import type { ContextStrategy } from './strategy.js';

/** Options for {@link createClearToolUsesStrategy}. */
export interface ClearToolUsesStrategyOptions {
  /**
   * LangChain's `keep` policy: how many of the newest tool results stay.
   * @default { messages: 3 } (LangChain's own default, after Anthropic's `clear_tool_uses_20250919`)
   */
  keep?: ClearToolUsesEditConfig['keep'];
  /**
   * LangChain's `clearToolInputs`: also empty the arguments of cleared calls.
   * @default false (LangChain's default)
   */
  clearToolInputs?: boolean;
}

/**
 * The `clear-tool-uses` strategy: LangChain v1's real context-editing edit. Each view runs
 * `new ClearToolUsesEdit({ trigger: { tokens: budget }, keep, clearToolInputs }).apply({ messages, countTokens })`
 * (`ClearToolUsesEdit` from `langchain`, the edit `contextEditingMiddleware` applies in
 * `wrapModelCall`) on a fresh copy of the whole history, with `countTokens` summing our token
 * counter. Once the history reaches the budget, every tool result but the newest `keep` is
 * replaced by LangChain's `[cleared]` placeholder; nothing else is removed, so a long session
 * stays over budget, and the benchmark reports that as it is. As in the middleware, the edit is
 * not persisted: each turn starts from the full history.
 *
 * LangChain writes each placeholder as a new `ToolMessage` without our `id` (and without
 * `status`, so a cleared failure no longer says it failed); we give it back the id of the
 * result it replaces, found by `tool_call_id`.
 *
 * @param options - See {@link ClearToolUsesStrategyOptions}.
 * @returns The strategy.
 *
 * @example
 * ```ts
 * const session = createClearToolUsesStrategy().createSession({ budget: 8000, counter });
 * session.ingest(history);
 * const view = await session.view({}); // old tool results read "[cleared]"
 * ```
 */
export function createClearToolUsesStrategy({ keep, clearToolInputs = false }: ClearToolUsesStrategyOptions = {}): ContextStrategy {
  return {
    name: 'clear-tool-uses',
    description: "LangChain v1 ClearToolUsesEdit (context-editing middleware): older tool results become '[cleared]' once the budget is reached.",
    createSession({ budget, counter }) {
      const history: BaseMessage[] = [];
      const idByToolCallId = new Map<string, string>();
      const countTokens = createLangChainTokenCounter(counter);
      return {
        ingest(messages: readonly CairnMessage[]) {
          for (const message of messages) if (message.role === 'tool' && message.toolCallId !== undefined) idByToolCallId.set(message.toolCallId, message.id);
          history.push(...toLangChainMessages(messages));
        },
        async view() {
          const edit: ContextEdit = new ClearToolUsesEdit({ trigger: { tokens: budget }, ...(keep ? { keep } : {}), clearToolInputs });
          const messages = [...history];
          await edit.apply({ messages, countTokens });
          return messages.map((message) => {
            const fallbackId = ToolMessage.isInstance(message) ? idByToolCallId.get(message.tool_call_id) : undefined;
            return fromLangChainMessage(message, fallbackId);
          });
        },
      };
    },
  };
}
