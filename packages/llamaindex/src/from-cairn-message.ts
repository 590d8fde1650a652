import { contentText, type CairnMessage, type ViewMessage } from '@cairn/core';
import type { ChatMessage, JSONObject, MessageContent, MessageType } from 'llamaindex';
import { readResidue } from './llamaindex-residue.js';

const SYSTEM_ROLES: ReadonlySet<MessageType> = new Set<MessageType>(['system', 'developer', 'memory']);

function copyContent(content: CairnMessage['content']): MessageContent {
  return typeof content === 'string' ? content : content.map((part) => ({ type: 'text' as const, text: part.text }));
}

function isVerbatim(message: CairnMessage | ViewMessage): boolean {
  if (!('fidelity' in message)) return true;
  return message.fidelity === 'full' && message.synthetic !== true;
}

/**
 * Converts a cairn message, or a message of an assembled view, back to a LlamaIndex
 * `ChatMessage`. A message the view shows at full fidelity comes back exactly as it went in
 * (role, multimodal content, every option). Compressed, placeholder and synthetic messages
 * become plain text of the right role, keeping their tool structure: an assistant's calls stay
 * in `options.toolCall`, a result becomes a `user` message with `options.toolResult`.
 *
 * @param message - A cairn message or a view message.
 * @returns The LlamaIndex message.
 *
 * @example
 * ```ts
 * const { messages } = engine.assemble({ budget: 8_000 });
 * const history = messages.map(fromCairnMessage);
 * ```
 */
export function fromCairnMessage(message: CairnMessage | ViewMessage): ChatMessage<object> {
  const residue = readResidue(message.metadata);
  if (residue && isVerbatim(message)) {
    const content = residue.content ? structuredClone(residue.content) : copyContent(message.content);
    if (!residue.options) return { role: residue.role, content };
    const options = { ...residue.options };
    if (residue.resultIsContent) options.toolResult = { ...(options.toolResult as object), result: contentText(message.content) };
    return { role: residue.role, content, options };
  }
  const text = contentText(message.content);
  if (message.role === 'tool') {
    const role: MessageType = residue && residue.role !== 'assistant' ? residue.role : 'user';
    return { role, content: text, options: { toolResult: { id: message.toolCallId ?? '', result: text, isError: message.isError === true } } };
  }
  if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
    return {
      role: 'assistant',
      content: text,
      options: { toolCall: message.toolCalls.map((call) => ({ id: call.id, name: call.name, input: call.arguments as JSONObject })) },
    };
  }
  const role: MessageType = message.role === 'system' && residue && SYSTEM_ROLES.has(residue.role) ? residue.role : (message.role as MessageType);
  return { role, content: text };
}
