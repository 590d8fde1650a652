import type { CairnMessage, TextPart, ToolCall } from '@cairn/core';
import type { JSONValue, ModelMessage, TextPart as ModelTextPart, ToolCallPart } from 'ai';

/**
 * The AI SDK `providerOptions` namespace in which {@link toModelMessages} keeps what a
 * `ModelMessage` has no field for. Providers read only their own namespace, so `cairn` is
 * ignored by every model call.
 */
export const CAIRN_PROVIDER_OPTIONS_KEY = 'cairn';

/** What `providerOptions.cairn` holds on each converted message. */
interface CairnModelFields {
  /** The cairn message id (a `ModelMessage` has no id). */
  id: string;
  name?: string;
  timestamp?: number;
  metadata?: Readonly<Record<string, unknown>>;
  /** Set only when the cairn message said `isError: false` explicitly. */
  isError?: false;
  /** The text parts of a `system` or `tool` message whose content was a part array (the AI SDK shape is a string there). */
  textParts?: string[];
  /** The content of an assistant message with tool calls was a part array, not a string. */
  contentParts?: true;
}

function textPartsOf(content: CairnMessage['content']): ModelTextPart[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return content.map((part) => ({ type: 'text', text: part.text }));
}

function plainText(content: CairnMessage['content']): string {
  return typeof content === 'string' ? content : content.map((part) => part.text).join('\n');
}

function cairnFields(message: CairnMessage): CairnModelFields {
  const fields: CairnModelFields = { id: message.id };
  if (message.name !== undefined) fields.name = message.name;
  if (message.timestamp !== undefined) fields.timestamp = message.timestamp;
  if (message.metadata !== undefined) fields.metadata = message.metadata;
  if (message.isError === false) fields.isError = false;
  if (typeof message.content !== 'string') {
    if (message.role === 'system' || message.role === 'tool') fields.textParts = message.content.map((part) => part.text);
    else if (message.role === 'assistant' && (message.toolCalls?.length ?? 0) > 0) fields.contentParts = true;
  }
  return fields;
}

/**
 * Converts one cairn message to an AI SDK `ModelMessage`. Assistant tool calls become
 * `tool-call` parts `{ toolCallId, toolName, input }` after the text; each cairn tool message
 * becomes one `tool` message with one `tool-result` part whose `output` is
 * `{ type: 'text' | 'error-text', value }`. A `ModelMessage` has no id or name, so those (and
 * timestamps, metadata, and the part structure the AI SDK shape cannot show) ride along in
 * `providerOptions.cairn`, which `pruneMessages` keeps (it spreads each message it edits).
 *
 * @param message - A cairn message.
 * @param toolNames - Tool names by call id, for results that carry no `name`.
 * @returns The AI SDK message.
 */
export function toModelMessage(message: CairnMessage, toolNames: ReadonlyMap<string, string> = new Map()): ModelMessage {
  const providerOptions = { [CAIRN_PROVIDER_OPTIONS_KEY]: cairnFields(message) as unknown as Record<string, JSONValue> };
  switch (message.role) {
    case 'system':
      return { role: 'system', content: plainText(message.content), providerOptions };
    case 'user':
      return { role: 'user', content: typeof message.content === 'string' ? message.content : textPartsOf(message.content), providerOptions };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      if (calls.length === 0) {
        return { role: 'assistant', content: typeof message.content === 'string' ? message.content : textPartsOf(message.content), providerOptions };
      }
      const callParts: ToolCallPart[] = calls.map((call) => ({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.arguments }));
      return { role: 'assistant', content: [...textPartsOf(message.content), ...callParts], providerOptions };
    }
    case 'tool': {
      const toolCallId = message.toolCallId ?? '';
      const value = plainText(message.content);
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId,
            toolName: message.name ?? toolNames.get(toolCallId) ?? '',
            output: message.isError === true ? { type: 'error-text', value } : { type: 'text', value },
          },
        ],
        providerOptions,
      };
    }
  }
}

/**
 * Converts cairn messages to AI SDK `ModelMessage`s, one for one (see {@link toModelMessage}).
 *
 * @param messages - Cairn messages, in order.
 * @returns AI SDK messages in the same order, each with `providerOptions.cairn.id`.
 *
 * @example
 * ```ts
 * const pruned = pruneMessages({ messages: toModelMessages(history), toolCalls: 'before-last-message' });
 * const view = fromModelMessages(pruned);
 * ```
 */
export function toModelMessages(messages: readonly CairnMessage[]): ModelMessage[] {
  const toolNames = new Map<string, string>();
  for (const message of messages) for (const call of message.toolCalls ?? []) toolNames.set(call.id, call.name);
  return messages.map((message) => toModelMessage(message, toolNames));
}

function readCairnFields(message: ModelMessage): CairnModelFields {
  const stored = message.providerOptions?.[CAIRN_PROVIDER_OPTIONS_KEY] as Partial<CairnModelFields> | undefined;
  if (typeof stored?.id !== 'string') {
    throw new Error(`Cannot convert an AI SDK ${message.role} message without providerOptions.${CAIRN_PROVIDER_OPTIONS_KEY}.id: convert it with toModelMessages first.`);
  }
  return stored as CairnModelFields;
}

function restoreParts(text: string, fields: CairnModelFields): CairnMessage['content'] {
  const parts = fields.textParts;
  if (parts !== undefined && parts.join('\n') === text) return parts.map((part): TextPart => ({ type: 'text', text: part }));
  return text;
}

/**
 * Converts AI SDK messages back to cairn (the inverse of {@link toModelMessages}). Parts other
 * than text, tool calls and tool results (reasoning, files, approvals) are dropped; a `tool`
 * message with several results becomes several cairn tool messages (ids `<id>`, `<id>#2`…).
 *
 * @param messages - AI SDK messages made by {@link toModelMessages}, possibly edited.
 * @returns Cairn messages in order.
 * @throws Error when a message lacks `providerOptions.cairn.id`.
 */
export function fromModelMessages(messages: readonly ModelMessage[]): CairnMessage[] {
  const result: CairnMessage[] = [];
  for (const message of messages) {
    const fields = readCairnFields(message);
    const base: CairnMessage = { id: fields.id, role: message.role, content: '' };
    if (fields.name !== undefined) base.name = fields.name;
    if (fields.timestamp !== undefined) base.timestamp = fields.timestamp;
    if (fields.metadata !== undefined) base.metadata = fields.metadata;
    if (message.role === 'system') {
      result.push({ ...base, content: restoreParts(message.content, fields) });
    } else if (message.role === 'user' || message.role === 'assistant') {
      if (typeof message.content === 'string') {
        result.push({ ...base, content: message.content });
        continue;
      }
      const texts: TextPart[] = [];
      const toolCalls: ToolCall[] = [];
      for (const part of message.content) {
        if (part.type === 'text') texts.push({ type: 'text', text: part.text });
        else if (part.type === 'tool-call') toolCalls.push({ id: part.toolCallId, name: part.toolName, arguments: part.input });
      }
      const asString = message.role === 'assistant' && toolCalls.length > 0 && fields.contentParts !== true;
      const converted: CairnMessage = { ...base, content: asString ? texts.map((part) => part.text).join('') : texts };
      if (toolCalls.length > 0) converted.toolCalls = toolCalls;
      result.push(converted);
    } else if (message.role === 'tool') {
      let count = 0;
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue;
        count += 1;
        const output = part.output;
        const value = output.type === 'text' || output.type === 'error-text' ? output.value : JSON.stringify(output);
        const converted: CairnMessage = { ...base, id: count === 1 ? fields.id : `${fields.id}#${count}`, content: restoreParts(value, fields), toolCallId: part.toolCallId };
        if (output.type === 'error-text' || output.type === 'error-json') converted.isError = true;
        else if (fields.isError === false) converted.isError = false;
        result.push(converted);
      }
    }
  }
  return result;
}
