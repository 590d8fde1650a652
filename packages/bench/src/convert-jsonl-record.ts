import type { CairnMessage, Role, ToolCall } from '@cairn/core';
import { describeJson, extraFields, type Fail, isRecord, normalizeContent, parseTimestamp, ROLES } from './session-record-helpers.js';

const KNOWN_FIELDS = new Set(['id', 'role', 'content', 'name', 'timestamp', 'tool_calls', 'tool_call_id', 'is_error', 'metadata']);

/**
 * Parses tool call arguments: JSON strings are parsed (and kept as the raw string when they are
 * not valid JSON, as models sometimes produce), anything else is kept.
 * @internal
 */
export function parseToolArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {};
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** Reads `[{id, name, arguments}]`, or OpenAI's `[{id, function: {name, arguments}}]`. @internal */
export function convertToolCalls(value: unknown, fail: Fail): ToolCall[] {
  if (!Array.isArray(value)) return fail(`"tool_calls" must be an array, got ${describeJson(value)}`);
  return value.map((call: unknown, index) => {
    if (!isRecord(call)) return fail(`tool_calls[${index}] must be an object, got ${describeJson(call)}`);
    const target = isRecord(call.function) ? call.function : call;
    if (typeof call.id !== 'string' || call.id === '') return fail(`tool_calls[${index}] lacks a string "id"`);
    if (typeof target.name !== 'string' || target.name === '') return fail(`tool_calls[${index}] lacks a string "name"`);
    return { id: call.id, name: target.name, arguments: parseToolArguments(target.arguments) };
  });
}

/**
 * Converts one record of the neutral JSONL format (snake_case fields) to a cairn message; fields
 * cairn has no place for (`agent`, `session`, `error_kind`…) go to `metadata`.
 * @internal
 */
export function convertJsonlRecord(value: unknown, fail: Fail): CairnMessage {
  if (!isRecord(value)) return fail(`expected a JSON object, got ${describeJson(value)}`);
  if (typeof value.id !== 'string' || value.id === '') return fail('lacks a string "id"');
  if (!ROLES.includes(value.role as Role)) return fail(`"role" must be one of ${ROLES.join(', ')}; got ${JSON.stringify(value.role) ?? 'nothing'}`);
  const role = value.role as Role;
  const { content, droppedPartTypes } = normalizeContent(value.content, fail);
  const message: { -readonly [Key in keyof CairnMessage]: CairnMessage[Key] } = { id: value.id, role, content };
  if (typeof value.name === 'string') message.name = value.name;
  if (value.tool_calls !== undefined && value.tool_calls !== null) {
    const toolCalls = convertToolCalls(value.tool_calls, fail);
    if (toolCalls.length > 0) message.toolCalls = toolCalls;
  }
  if (role === 'tool') {
    if (typeof value.tool_call_id !== 'string' || value.tool_call_id === '') return fail('a tool message needs a string "tool_call_id"');
    message.toolCallId = value.tool_call_id;
  }
  if (value.is_error === true) message.isError = true;
  const timestamp = parseTimestamp(value.timestamp);
  if (timestamp !== undefined) message.timestamp = timestamp;
  const metadata = {
    ...(isRecord(value.metadata) ? value.metadata : {}),
    ...extraFields(value, KNOWN_FIELDS),
    ...(droppedPartTypes.length > 0 ? { droppedPartTypes } : {}),
  };
  if (Object.keys(metadata).length > 0) message.metadata = metadata;
  return message;
}
