import { copyJsonValue, JsonValueProblem } from './copy-json-value.js';
import { CairnError } from './errors.js';
import type { CairnMessage, Role, TextPart, ToolCall } from './types.js';

/**
 * The default `maxDataChars` for a `maxContentChars`: four times it plus 4,096 characters, room for
 * an adapter's copy of the framework message (content included) in metadata.
 */
export function defaultMaxDataChars(maxContentChars: number): number {
  return Math.min(2 ** 33, maxContentChars * 4 + 4_096);
}

const ROLES: ReadonlySet<string> = new Set<Role>(['system', 'user', 'assistant', 'tool']);

/** What the log already knows, for validating a new batch against it. @internal */
export interface KnownIds {
  hasMessage(id: string): boolean;
  /** True when a call with this id was made and has not been answered yet. */
  isOpenCall(id: string): boolean;
}

function bad(message: string, index: number, id: unknown): CairnError {
  return new CairnError({
    code: 'INVALID_MESSAGE',
    message: `Invalid message at position ${index}${typeof id === 'string' ? ` (id "${id}")` : ''}: ${message}`,
    details: { index, id },
  });
}

function copyContent(content: unknown, index: number, id: string): CairnMessage['content'] {
  if (typeof content === 'string') return content;
  if (content === undefined || content === null) return '';
  if (!Array.isArray(content)) throw bad('content must be a string or an array of text parts.', index, id);
  const parts: TextPart[] = [];
  for (const part of content) {
    if (typeof part !== 'object' || part === null || (part as TextPart).type !== 'text' || typeof (part as TextPart).text !== 'string') {
      throw bad("every content part must be { type: 'text', text: string }; put other parts in metadata.", index, id);
    }
    parts.push(Object.freeze({ type: 'text', text: (part as TextPart).text }));
  }
  return Object.freeze(parts);
}

function tooLarge(index: number, id: string, maxDataChars: number): CairnError {
  return new CairnError({
    code: 'CONTENT_TOO_LARGE',
    message: `Message "${id}" has more than ${maxDataChars} characters of tool calls and metadata (as JSON), over maxDataChars. Store large payloads elsewhere and pass a reference, or raise maxDataChars.`,
    details: { index, id, maxDataChars },
  });
}

/**
 * A frozen JSON copy of tool arguments or metadata (see {@link copyJsonValue}), within what is
 * left of the message's `maxDataChars`.
 */
function copyJson(value: unknown, what: string, index: number, id: string, used: number, maxDataChars: number): { value: unknown; chars: number } {
  try {
    return copyJsonValue(value, maxDataChars - used);
  } catch (error) {
    if (!(error instanceof JsonValueProblem)) throw error;
    if (error.problem === 'too-large') throw tooLarge(index, id, maxDataChars);
    throw new CairnError({
      code: 'INVALID_MESSAGE',
      message: `Invalid message at position ${index} (id "${id}"): ${what}${error.path} ${error.message}. Tool arguments and metadata must be JSON data.`,
      details: { index, id, path: `${what}${error.path}`, problem: error.problem },
      cause: error.cause,
    });
  }
}

function copyToolCalls(toolCalls: unknown, index: number, id: string, used: { chars: number }, maxDataChars: number): readonly ToolCall[] | undefined {
  if (toolCalls === undefined || toolCalls === null) return undefined;
  if (!Array.isArray(toolCalls)) throw bad('toolCalls must be an array.', index, id);
  if (toolCalls.length === 0) return undefined;
  const seen = new Set<string>();
  return Object.freeze(
    toolCalls.map((call: Partial<ToolCall> | null, position) => {
      if (typeof call !== 'object' || call === null || typeof call.id !== 'string' || call.id.length === 0 || typeof call.name !== 'string') {
        throw bad('every tool call needs a non-empty string id and a string name.', index, id);
      }
      if (seen.has(call.id)) throw bad(`tool call id "${call.id}" appears twice in one message.`, index, id);
      seen.add(call.id);
      used.chars += call.id.length + call.name.length;
      if (used.chars > maxDataChars) throw tooLarge(index, id, maxDataChars);
      const copied = copyJson(call.arguments ?? {}, `toolCalls[${position}].arguments`, index, id, used.chars, maxDataChars);
      used.chars += copied.chars;
      return Object.freeze({ id: call.id, name: call.name, arguments: copied.value ?? {} });
    }),
  );
}

function contentLength(content: CairnMessage['content']): number {
  if (typeof content === 'string') return content.length;
  let length = 0;
  for (const part of content) length += part.text.length;
  return length;
}

/**
 * Checks a batch of messages and returns frozen copies, ready to append. The batch is checked
 * whole before anything is appended, so a bad batch changes nothing.
 *
 * Always rejected (`INVALID_MESSAGE`, `DUPLICATE_MESSAGE_ID`, `CONTENT_TOO_LARGE`): a value that
 * is not an object, an unknown role, a missing or empty id, an id already in the log or twice
 * in the batch, content that is neither a string nor text parts, malformed tool calls, tool
 * arguments or metadata that are not JSON data (circular, BigInt, a throwing `toJSON` or getter,
 * nested deeper than 256 levels), content over `maxContentChars`, and tool calls plus metadata
 * over `maxDataChars` characters of JSON. Arguments and metadata are copied and frozen. Tool results whose call is unknown or already answered are
 * rejected with `ORPHAN_TOOL_RESULT` only when `strictToolStructure` is set; otherwise the
 * engine keeps them as plain text (see `onInvalidToolStructure`).
 *
 * @internal
 */
export function validateMessages(
  batch: readonly unknown[],
  known: KnownIds,
  {
    maxContentChars,
    maxDataChars = defaultMaxDataChars(maxContentChars),
    strictToolStructure,
  }: { maxContentChars: number; maxDataChars?: number; strictToolStructure: boolean },
): CairnMessage[] {
  const batchIds = new Set<string>();
  const openCalls = new Set<string>();
  const answered = new Set<string>();
  const result: CairnMessage[] = [];
  batch.forEach((value, index) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad('a message must be an object.', index, undefined);
    const message = value as Record<string, unknown>;
    const { id, role } = message;
    if (typeof id !== 'string' || id.length === 0) throw bad('id must be a non-empty string.', index, id);
    if (typeof role !== 'string' || !ROLES.has(role)) {
      throw bad(`unknown role ${JSON.stringify(role)}; use 'system', 'user', 'assistant' or 'tool'.`, index, id);
    }
    if (batchIds.has(id) || known.hasMessage(id)) {
      throw new CairnError({
        code: 'DUPLICATE_MESSAGE_ID',
        message: `Message ids must be unique in a session; duplicate id "${id}" at position ${index}.`,
        details: { index, id },
      });
    }
    batchIds.add(id);
    const content = copyContent(message.content, index, id);
    const length = contentLength(content);
    if (length > maxContentChars) {
      throw new CairnError({
        code: 'CONTENT_TOO_LARGE',
        message: `Message "${id}" has ${length} characters of content, over maxContentChars (${maxContentChars}). Store large payloads elsewhere and pass a reference, or raise maxContentChars.`,
        details: { index, id, length, maxContentChars },
      });
    }
    // Tool calls and metadata are bounded by maxDataChars, and copied (frozen) so nothing outside
    // can change the log later.
    const used = { chars: 0 };
    const toolCalls = role === 'assistant' ? copyToolCalls(message.toolCalls, index, id, used, maxDataChars) : undefined;
    if (role !== 'assistant' && message.toolCalls !== undefined && message.toolCalls !== null && !(Array.isArray(message.toolCalls) && message.toolCalls.length === 0)) {
      throw bad('only assistant messages may carry toolCalls.', index, id);
    }
    const toolCallId = message.toolCallId;
    if (role === 'tool') {
      if (typeof toolCallId !== 'string' || toolCallId.length === 0) {
        if (strictToolStructure) throw orphan(index, id, toolCallId);
      } else if (!(openCalls.has(toolCallId) || (known.isOpenCall(toolCallId) && !answered.has(toolCallId)))) {
        if (strictToolStructure) throw orphan(index, id, toolCallId);
      } else {
        answered.add(toolCallId);
        openCalls.delete(toolCallId);
      }
    }
    if (toolCalls) for (const call of toolCalls) openCalls.add(call.id);
    const copy: CairnMessage = { id, role: role as Role, content };
    if (typeof message.name === 'string') copy.name = message.name;
    if (toolCalls) copy.toolCalls = toolCalls;
    if (role === 'tool' && typeof toolCallId === 'string') copy.toolCallId = toolCallId;
    if (message.isError === true) copy.isError = true;
    if (typeof message.timestamp === 'number' && Number.isFinite(message.timestamp)) copy.timestamp = message.timestamp;
    if (typeof message.metadata === 'object' && message.metadata !== null) {
      const metadata = copyJson(message.metadata, 'metadata', index, id, used.chars, maxDataChars).value;
      if (typeof metadata === 'object' && metadata !== null) copy.metadata = metadata as Record<string, unknown>;
    }
    result.push(Object.freeze(copy));
  });
  return result;
}

function orphan(index: number, id: string, toolCallId: unknown): CairnError {
  return new CairnError({
    code: 'ORPHAN_TOOL_RESULT',
    message: `Tool result "${id}" at position ${index} answers call ${JSON.stringify(toolCallId)}, which no earlier assistant message made or which was already answered. Ingest the assistant message with that call first, or use onInvalidToolStructure: 'repair'.`,
    details: { index, id, toolCallId },
  });
}
