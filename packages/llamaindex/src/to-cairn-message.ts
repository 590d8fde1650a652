import { CairnError, type CairnMessage, type Role, type TextPart, type ToolCall } from '@cairn/core';
import type { ChatMessage, MessageContentDetail, MessageType } from 'llamaindex';
import { RESIDUE_KEY, type LlamaIndexResidue } from './llamaindex-residue.js';

const ROLES: Readonly<Record<MessageType, Role>> = { user: 'user', assistant: 'assistant', system: 'system', developer: 'system', memory: 'system' };

function invalid(id: string, message: string): CairnError {
  return new CairnError({ code: 'INVALID_MESSAGE', message: `Invalid LlamaIndex ChatMessage (id "${id}"): ${message}`, details: { id } });
}

/** The text a model reads for a non-text detail, so compressed views still mention it. */
function detailMarker(detail: MessageContentDetail): string {
  if (detail.type === 'image_url') return '[image]';
  if ('mimeType' in detail && typeof detail.mimeType === 'string') return `[${detail.type} ${detail.mimeType}]`;
  return `[${String((detail as { type?: unknown }).type)}]`;
}

function convertContent(content: unknown, id: string): { content: string | TextPart[]; details?: MessageContentDetail[]; text: string } {
  if (typeof content === 'string') return { content, text: content };
  if (!Array.isArray(content)) throw invalid(id, 'content must be a string or an array of MessageContentDetail.');
  const parts: TextPart[] = [];
  let onlyText = true;
  for (const detail of content as unknown[]) {
    if (typeof detail !== 'object' || detail === null || typeof (detail as { type?: unknown }).type !== 'string') {
      throw invalid(id, 'every content detail must be an object with a string `type`.');
    }
    const typed = detail as MessageContentDetail;
    if (typed.type === 'text' && typeof typed.text === 'string') parts.push({ type: 'text', text: typed.text });
    else {
      onlyText = false;
      parts.push({ type: 'text', text: detailMarker(typed) });
    }
  }
  const text = parts.map((part) => part.text).join('\n');
  return onlyText ? { content: parts, text } : { content: parts, details: content as MessageContentDetail[], text };
}

function parseInput(input: unknown): unknown {
  if (typeof input !== 'string') return input ?? {};
  try {
    return JSON.parse(input) as unknown;
  } catch {
    return { rawInput: input };
  }
}

function convertToolCalls(value: unknown, id: string): ToolCall[] {
  if (!Array.isArray(value)) throw invalid(id, 'options.toolCall must be an array of { id, name, input }.');
  return value.map((call: unknown) => {
    const candidate = call as { id?: unknown; name?: unknown; input?: unknown } | null;
    if (typeof candidate !== 'object' || candidate === null || typeof candidate.id !== 'string' || candidate.id.length === 0 || typeof candidate.name !== 'string') {
      throw invalid(id, 'every options.toolCall entry needs a non-empty string id and a string name.');
    }
    return { id: candidate.id, name: candidate.name, arguments: parseInput(candidate.input) };
  });
}

/**
 * Converts a LlamaIndex `ChatMessage` to a cairn message. A message with `options.toolResult`
 * (LlamaIndex sends tool results as `user` messages) becomes a cairn `tool` message; an
 * assistant's `options.toolCall` becomes `toolCalls` (a streamed call's string input is parsed
 * as JSON). `developer` and `memory` messages become `system`. Non-text details (images,
 * audio, video, files) are shown to cairn as a short marker such as `[image]`; the original
 * content, role and options are kept in `metadata.llamaindex`, so {@link fromCairnMessage}
 * rebuilds the message verbatim at full fidelity. Top-level fields other than `role`, `content`
 * and `options` are not part of a `ChatMessage` and are not kept.
 *
 * @param message - The LlamaIndex message.
 * @param id - The cairn message id (unique within the session).
 * @returns The cairn message.
 * @throws CairnError `INVALID_MESSAGE` when the message is not a well-formed `ChatMessage`.
 *
 * @example
 * ```ts
 * toCairnMessage({ role: 'user', content: 'hi' }, 'm1'); // { id: 'm1', role: 'user', content: 'hi', metadata: {...} }
 * ```
 */
export function toCairnMessage(message: ChatMessage<object>, id: string): CairnMessage {
  if (typeof message !== 'object' || message === null) throw invalid(id, 'expected an object with role and content.');
  const role = ROLES[message.role as MessageType];
  if (role === undefined || !Object.hasOwn(ROLES, message.role)) {
    throw invalid(id, `unknown role ${JSON.stringify(message.role)}; expected one of ${Object.keys(ROLES).join(', ')}.`);
  }
  const { content, details, text } = convertContent(message.content, id);
  const options = message.options as Record<string, unknown> | undefined;
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) throw invalid(id, 'options must be an object.');
  const residue: LlamaIndexResidue = { role: message.role };
  if (details) residue.content = details;
  const base = { id, content, metadata: { [RESIDUE_KEY]: residue } };
  const toolResult = options?.toolResult as { id?: unknown; result?: unknown; isError?: unknown } | undefined;
  if (toolResult !== undefined) {
    if (typeof toolResult !== 'object' || toolResult === null || typeof toolResult.id !== 'string' || toolResult.id.length === 0) {
      throw invalid(id, 'options.toolResult needs a non-empty string id.');
    }
    const { result, ...rest } = toolResult;
    if (result === text) {
      residue.options = { ...options, toolResult: rest };
      residue.resultIsContent = true;
    } else residue.options = { ...options };
    return { ...base, role: 'tool', toolCallId: toolResult.id, ...(toolResult.isError === true ? { isError: true } : {}) };
  }
  if (options !== undefined) residue.options = { ...options };
  if (options?.toolCall !== undefined && role === 'assistant') {
    const toolCalls = convertToolCalls(options.toolCall, id);
    return toolCalls.length > 0 ? { ...base, role, toolCalls } : { ...base, role };
  }
  return { ...base, role };
}
