import type { CairnMessage, TextPart, ToolCall } from '@cairn/core';
import { AIMessage, type BaseMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';

/**
 * Fields of a cairn message that LangChain messages have no place for, kept in
 * `response_metadata.cairn` (LangChain's `ClearToolUsesEdit` carries `response_metadata` over to
 * the placeholder it writes; it drops `id`, `status` and `additional_kwargs`).
 */
interface CairnLangChainFields {
  timestamp?: number;
  metadata?: Readonly<Record<string, unknown>>;
  /** Set only when the cairn message said `isError: false` explicitly. */
  isError?: false;
  /** Arguments of calls whose arguments are not a JSON object, by call id (LangChain `args` must be one). */
  argumentsById?: Record<string, unknown>;
}

const NON_OBJECT_ARGUMENTS_KEY = 'arguments';

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toLangChainContent(content: CairnMessage['content']): string | { type: 'text'; text: string }[] {
  return typeof content === 'string' ? content : content.map((part) => ({ type: 'text', text: part.text }));
}

function cairnFields(message: CairnMessage): CairnLangChainFields | undefined {
  const fields: CairnLangChainFields = {};
  if (message.timestamp !== undefined) fields.timestamp = message.timestamp;
  if (message.metadata !== undefined) fields.metadata = message.metadata;
  if (message.isError === false) fields.isError = false;
  for (const call of message.toolCalls ?? []) {
    if (isPlainRecord(call.arguments)) continue;
    fields.argumentsById ??= {};
    fields.argumentsById[call.id] = call.arguments;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/**
 * Converts one cairn message to LangChain: `system` → `SystemMessage`, `user` → `HumanMessage`,
 * `assistant` → `AIMessage` with `tool_calls` (`{ id, name, args }`), `tool` → `ToolMessage` with
 * `tool_call_id` and `status: 'error'` for failed calls. Our id goes to `id`; text parts become
 * LangChain text blocks; timestamps, metadata and non-object arguments go to
 * `response_metadata.cairn` (a call's `args` shows them as `{ arguments: value }`).
 *
 * @param message - A cairn message.
 * @returns The LangChain message.
 */
export function toLangChainMessage(message: CairnMessage): BaseMessage {
  const extra = cairnFields(message);
  const common = {
    id: message.id,
    content: toLangChainContent(message.content),
    ...(message.name !== undefined ? { name: message.name } : {}),
    ...(extra ? { response_metadata: { cairn: extra } } : {}),
  };
  switch (message.role) {
    case 'system':
      return new SystemMessage(common);
    case 'user':
      return new HumanMessage(common);
    case 'assistant':
      return new AIMessage({
        ...common,
        tool_calls: (message.toolCalls ?? []).map((call) => ({
          id: call.id,
          name: call.name,
          args: isPlainRecord(call.arguments) ? call.arguments : { [NON_OBJECT_ARGUMENTS_KEY]: call.arguments },
          type: 'tool_call' as const,
        })),
      });
    case 'tool':
      return new ToolMessage({
        ...common,
        tool_call_id: message.toolCallId ?? '',
        status: message.isError === true ? 'error' : 'success',
      });
  }
}

/**
 * Converts cairn messages to LangChain `BaseMessage`s, one for one (see {@link toLangChainMessage}).
 *
 * @param messages - Cairn messages, in order.
 * @returns LangChain messages in the same order, each with the cairn id in `id`.
 *
 * @example
 * ```ts
 * const trimmed = await trimMessages(toLangChainMessages(history), { maxTokens: 8000, tokenCounter });
 * const view = fromLangChainMessages(trimmed);
 * ```
 */
export function toLangChainMessages(messages: readonly CairnMessage[]): BaseMessage[] {
  return messages.map(toLangChainMessage);
}

function fromLangChainContent(content: BaseMessage['content']): CairnMessage['content'] {
  if (typeof content === 'string') return content;
  const parts: TextPart[] = [];
  for (const block of content) {
    if (typeof block === 'string') parts.push({ type: 'text', text: block });
    else if (block.type === 'text' && typeof block.text === 'string') parts.push({ type: 'text', text: block.text });
  }
  return parts;
}

function readCairnFields(message: BaseMessage): CairnLangChainFields {
  const responseMetadata = message.response_metadata as Record<string, unknown> | undefined;
  const stored = responseMetadata?.cairn;
  return isPlainRecord(stored) ? (stored as CairnLangChainFields) : {};
}

/**
 * Converts one LangChain message back to cairn (the inverse of {@link toLangChainMessage}).
 *
 * @param message - A `SystemMessage`, `HumanMessage`, `AIMessage` or `ToolMessage`.
 * @param fallbackId - The id to use when the message has none (LangChain's `ClearToolUsesEdit`
 *   writes its placeholders without one).
 * @returns The cairn message.
 * @throws Error when the message has no id and no `fallbackId` is given, or has another type.
 */
export function fromLangChainMessage(message: BaseMessage, fallbackId?: string): CairnMessage {
  const id = message.id ?? fallbackId;
  if (typeof id !== 'string') {
    throw new Error(`Cannot convert a LangChain ${message.type} message without an id: give it the cairn message id first.`);
  }
  const extra = readCairnFields(message);
  const base: CairnMessage = { id, role: 'user', content: fromLangChainContent(message.content) };
  if (message.name !== undefined) base.name = message.name;
  if (extra.timestamp !== undefined) base.timestamp = extra.timestamp;
  if (extra.metadata !== undefined) base.metadata = extra.metadata;
  if (SystemMessage.isInstance(message)) return { ...base, role: 'system' };
  if (HumanMessage.isInstance(message)) return base;
  if (AIMessage.isInstance(message)) {
    const calls = message.tool_calls ?? [];
    if (calls.length === 0) return { ...base, role: 'assistant' };
    const toolCalls: ToolCall[] = calls.map((call) => {
      const callId = call.id ?? '';
      const stored = extra.argumentsById;
      const argumentsValue = stored !== undefined && callId in stored ? stored[callId] : call.args;
      return { id: callId, name: call.name, arguments: argumentsValue };
    });
    return { ...base, role: 'assistant', toolCalls };
  }
  if (ToolMessage.isInstance(message)) {
    const result: CairnMessage = { ...base, role: 'tool', toolCallId: message.tool_call_id };
    if (message.status === 'error') result.isError = true;
    else if (extra.isError === false) result.isError = false;
    return result;
  }
  throw new Error(`Cannot convert a LangChain "${message.type}" message: use system, human, ai or tool messages.`);
}

/**
 * Converts LangChain messages back to cairn, one for one (see {@link fromLangChainMessage}).
 *
 * @param messages - LangChain messages, each with the cairn id in `id`.
 * @returns Cairn messages in the same order.
 */
export function fromLangChainMessages(messages: readonly BaseMessage[]): CairnMessage[] {
  return messages.map((message) => fromLangChainMessage(message));
}
