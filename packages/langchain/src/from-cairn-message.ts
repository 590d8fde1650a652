import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { CairnMessage, ViewMessage } from '@cairn/core';
import { decodeLangChainMessage } from './decode-lang-chain-message.js';
import type { EncodedLangChainMessage } from './encode-lang-chain-message.js';
import { LANGCHAIN_METADATA_KEY } from './to-cairn-message.js';

function encodedOf(message: CairnMessage | ViewMessage): EncodedLangChainMessage | undefined {
  const value = message.metadata?.[LANGCHAIN_METADATA_KEY] as EncodedLangChainMessage | undefined;
  return value && typeof value === 'object' && typeof value.type === 'string' && typeof value.fields === 'object' ? value : undefined;
}

function argsOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

/**
 * Converts a cairn message back to LangChain. A message that came from LangChain (it carries
 * `metadata.langchain`) is rebuilt exactly; any other (a compressed or placeholder rendering,
 * a synthetic brief or repaired result) becomes the plain message of its role: `HumanMessage`,
 * `AIMessage` with `tool_calls`, `ToolMessage` (`status: 'error'` when `isError`) or
 * `SystemMessage`.
 *
 * @param message - A stored cairn message, or a view message at full fidelity.
 * @returns The LangChain message.
 *
 * @example
 * ```ts
 * fromCairnMessage(toCairnMessage(message)); // a message with the same fields as `message`
 * ```
 */
export function fromCairnMessage(message: CairnMessage | ViewMessage): BaseMessage {
  const encoded = encodedOf(message);
  if (encoded) return decodeLangChainMessage(encoded);
  return plainMessage(message);
}

/**
 * The plain LangChain message of a cairn message's role, from its content and tool structure
 * only (metadata is not consulted).
 *
 * @internal
 */
export function plainMessage(message: CairnMessage | ViewMessage): BaseMessage {
  const content = typeof message.content === 'string' ? message.content : message.content.map((part) => ({ type: 'text' as const, text: part.text }));
  const base = { content, id: message.id, ...(message.name ? { name: message.name } : {}) };
  switch (message.role) {
    case 'system':
      return new SystemMessage(base);
    case 'assistant':
      return new AIMessage({
        ...base,
        tool_calls: (message.toolCalls ?? []).map((call) => ({ id: call.id, name: call.name, args: argsOf(call.arguments), type: 'tool_call' as const })),
      });
    case 'tool':
      return new ToolMessage({ ...base, tool_call_id: message.toolCallId ?? '', status: message.isError ? 'error' : 'success' });
    default:
      return new HumanMessage(base);
  }
}
