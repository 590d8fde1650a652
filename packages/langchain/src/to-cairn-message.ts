import type { CairnMessage, Role, ToolCall } from '@cairn/core';
import type { BaseMessage } from '@langchain/core/messages';
import { contentToCairn } from './content-to-cairn.js';
import { encodeLangChainMessage, type EncodedLangChainMessage } from './encode-lang-chain-message.js';
import { guardNote } from './guard-note.js';

/** The key of `CairnMessage.metadata` that holds the encoded LangChain message. */
export const LANGCHAIN_METADATA_KEY = 'langchain';

/** Options of {@link toCairnMessage}. */
export interface ToCairnMessageOptions {
  /** The cairn id to give the message. @default the LangChain id, or `lc-<position>` */
  id?: string;
  /** Position in its history, named in errors and derived ids. @default 0 */
  position?: number;
  /** An encoding already made of this message (saves a second pass). */
  encoded?: EncodedLangChainMessage;
}

function roleOf(message: BaseMessage): Role {
  switch (message.type) {
    case 'human':
      return 'user';
    case 'ai':
      return 'assistant';
    case 'system':
    case 'developer':
      return 'system';
    case 'tool':
      return 'tool';
    case 'generic': {
      const role = String((message as { role?: unknown }).role ?? '');
      if (role === 'assistant' || role === 'ai') return 'assistant';
      if (role === 'system') return 'system';
      return 'user';
    }
    default:
      // function messages and unknown types: kept as user-side text (documented fallback).
      return 'user';
  }
}

function toolCallsOf(message: BaseMessage, id: string): ToolCall[] | undefined {
  const calls = (message as { tool_calls?: { id?: string; name: string; args: unknown }[] }).tool_calls;
  if (!Array.isArray(calls) || calls.length === 0) return undefined;
  // A call without an id gets one derived from the message id and its place.
  return calls.map((call, index) => ({ id: call.id && call.id.length > 0 ? call.id : `${id}:call-${index}`, name: call.name, arguments: call.args ?? {} }));
}

function withoutGuardNote(message: BaseMessage, content: CairnMessage['content']): CairnMessage['content'] {
  const note = guardNote(message);
  if (note === undefined) return content;
  if (typeof content === 'string') return content.endsWith(note) ? content.slice(0, content.length - note.length) : content;
  const last = content[content.length - 1];
  return last && last.text === note ? content.slice(0, -1) : content;
}

/**
 * Converts a LangChain message to a cairn message. The LangChain message is encoded whole in
 * `metadata.langchain`, so {@link fromCairnMessage} rebuilds it with every field (content
 * blocks, `additional_kwargs`, `response_metadata`, ids, tool calls, status…). Roles:
 * human → user, ai → assistant, system/developer → system, tool → tool (`status: 'error'` →
 * `isError`), generic by its role; function messages and unknown types become user-side text.
 *
 * @param message - A LangChain `BaseMessage`.
 * @param options - The id to give it and its position.
 * @returns The cairn message.
 * @throws CairnError `INVALID_MESSAGE` when `message` is not a `BaseMessage`.
 *
 * @example
 * ```ts
 * toCairnMessage(new HumanMessage({ content: 'hi', id: 'm1' })); // { id: 'm1', role: 'user', content: 'hi', metadata: { langchain: … } }
 * ```
 */
export function toCairnMessage(message: BaseMessage, { id, position = 0, encoded }: ToCairnMessageOptions = {}): CairnMessage {
  const data = encoded ?? encodeLangChainMessage(message, position);
  const cairnId = id ?? (typeof message.id === 'string' && message.id.length > 0 ? message.id : `lc-${position}`);
  const role = roleOf(message);
  const result: CairnMessage & { -readonly [K in keyof CairnMessage]: CairnMessage[K] } = {
    id: cairnId,
    role,
    content: withoutGuardNote(message, contentToCairn(message.content)),
    metadata: { [LANGCHAIN_METADATA_KEY]: data },
  };
  if (typeof message.name === 'string' && message.name.length > 0) result.name = message.name;
  if (role === 'assistant') {
    const toolCalls = toolCallsOf(message, cairnId);
    if (toolCalls) result.toolCalls = toolCalls;
  }
  if (role === 'tool') {
    const tool = message as { tool_call_id?: string; status?: string };
    result.toolCallId = tool.tool_call_id;
    if (tool.status === 'error') result.isError = true;
  }
  return result;
}
