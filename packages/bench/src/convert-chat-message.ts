import type { CairnMessage, Role, TextPart, ToolCall } from '@cairn/core';
import { convertToolCalls, parseToolArguments } from './convert-jsonl-record.js';
import { describeJson, extraFields, type Fail, isRecord, normalizeContent, parseTimestamp, ROLES } from './session-record-helpers.js';

/** A converted message that may still need an id. @internal */
export type DraftMessage = Omit<CairnMessage, 'id'> & { id?: string };

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };

const KNOWN_FIELDS = new Set(['id', 'role', 'content', 'name', 'timestamp', 'createdAt', 'tool_calls', 'tool_call_id', 'is_error', 'metadata']);

const isPartOfType = (part: unknown, ...types: string[]): part is Record<string, unknown> => isRecord(part) && typeof part.type === 'string' && types.includes(part.type);

/** Text of an AI SDK tool-result `output` (or a v4 `result`), and whether it is an error. */
function toolResultText(part: Record<string, unknown>, fail: Fail): { text: string; isError: boolean } {
  const output = part.output;
  if (!isRecord(output)) {
    if (!('result' in part)) return fail('tool-result part lacks an "output"');
    const text = typeof part.result === 'string' ? part.result : JSON.stringify(part.result) ?? '';
    return { text, isError: part.isError === true };
  }
  switch (output.type) {
    case 'text':
      return { text: String(output.value), isError: false };
    case 'error-text':
      return { text: String(output.value), isError: true };
    case 'json':
      return { text: JSON.stringify(output.value) ?? '', isError: false };
    case 'error-json':
      return { text: JSON.stringify(output.value) ?? '', isError: true };
    case 'execution-denied':
      return { text: typeof output.reason === 'string' ? `Execution denied: ${output.reason}` : 'Execution denied', isError: true };
    case 'content': {
      const parts = Array.isArray(output.value) ? output.value : [];
      return { text: parts.flatMap((item: unknown) => (isPartOfType(item, 'text') && typeof item.text === 'string' ? [item.text] : [])).join('\n'), isError: false };
    }
    default:
      return fail(`tool-result output has unknown type ${JSON.stringify(output.type)}`);
  }
}

/** An AI SDK `tool` message: one cairn tool message per tool-result part. */
function convertAiSdkToolMessage(record: Record<string, unknown>, parts: readonly unknown[], base: Partial<DraftMessage>, fail: Fail): DraftMessage[] {
  return parts.flatMap((part, index) => {
    if (!isPartOfType(part, 'tool-result')) return [];
    if (typeof part.toolCallId !== 'string') return fail(`content[${index}] (tool-result) lacks a string "toolCallId"`);
    const { text, isError } = toolResultText(part, fail);
    const message: Mutable<DraftMessage> = { ...base, role: 'tool', content: text, toolCallId: part.toolCallId };
    if (typeof part.toolName === 'string') message.name = part.toolName;
    if (isError) message.isError = true;
    if (parts.length > 1 && typeof record.id === 'string') message.id = `${record.id}#${index}`;
    return [message];
  });
}

/**
 * Converts one element of an OpenAI chat-completions or Vercel AI SDK `ModelMessage` array, telling
 * them apart by shape (`tool_calls` / `tool_call_id` vs `tool-call` / `tool-result` parts). An AI
 * SDK tool message with several results becomes several messages.
 * @internal
 */
export function convertChatMessage(value: unknown, fail: Fail): DraftMessage[] {
  if (!isRecord(value)) return fail(`expected a message object, got ${describeJson(value)}`);
  const role = value.role === 'developer' ? 'system' : value.role;
  if (!ROLES.includes(role as Role)) return fail(`"role" must be one of ${ROLES.join(', ')} (or developer); got ${JSON.stringify(value.role) ?? 'nothing'}`);
  const base: Mutable<Partial<DraftMessage>> = {};
  if (typeof value.id === 'string' && value.id !== '') base.id = value.id;
  if (typeof value.name === 'string') base.name = value.name;
  const timestamp = parseTimestamp(value.timestamp ?? value.createdAt);
  if (timestamp !== undefined) base.timestamp = timestamp;
  const extra = { ...(isRecord(value.metadata) ? value.metadata : {}), ...extraFields(value, KNOWN_FIELDS) };
  if (Object.keys(extra).length > 0) base.metadata = extra;

  const parts = Array.isArray(value.content) ? value.content : undefined;
  if (role === 'tool' && parts?.some((part) => isPartOfType(part, 'tool-result'))) return convertAiSdkToolMessage(value, parts, base, fail);

  const toolCalls: ToolCall[] = value.tool_calls === undefined || value.tool_calls === null ? [] : convertToolCalls(value.tool_calls, fail);
  const textParts: unknown[] = [];
  const otherTypes: string[] = [];
  for (const [index, part] of (parts ?? []).entries()) {
    if (isPartOfType(part, 'tool-call')) {
      if (typeof part.toolCallId !== 'string' || typeof part.toolName !== 'string') return fail(`content[${index}] (tool-call) needs string "toolCallId" and "toolName"`);
      toolCalls.push({ id: part.toolCallId, name: part.toolName, arguments: parseToolArguments(part.input ?? part.args) });
    } else if (isPartOfType(part, 'reasoning')) {
      otherTypes.push('reasoning');
    } else {
      textParts.push(part);
    }
  }
  const { content, droppedPartTypes } = normalizeContent(parts === undefined ? value.content : textParts, fail);
  const message: Mutable<DraftMessage> = { ...base, role: role as Role, content: Array.isArray(content) && content.length === 0 ? '' : (content as string | TextPart[]) };
  if (toolCalls.length > 0) message.toolCalls = toolCalls;
  if (role === 'tool') {
    if (typeof value.tool_call_id !== 'string' || value.tool_call_id === '') return fail('a tool message needs a string "tool_call_id" or tool-result parts');
    message.toolCallId = value.tool_call_id;
  }
  if (value.is_error === true) message.isError = true;
  const dropped = [...otherTypes, ...droppedPartTypes];
  if (dropped.length > 0) message.metadata = { ...message.metadata, droppedPartTypes: dropped };
  return [message];
}
