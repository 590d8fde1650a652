import type { GuardVerdict } from '@cairn/core';
import { ToolMessage } from '@langchain/core/messages';
import type { ToolCall } from '@langchain/core/messages/tool';
import { GUARD_METADATA_KEY } from './guard-note.js';

/**
 * The tool error that stands in for a blocked call: the tool is not run, and the model reads
 * why. @internal
 */
export function blockedToolResult(toolCall: ToolCall, verdict: GuardVerdict): ToolMessage {
  return new ToolMessage({
    content: `Not run: cairn blocked this call because it repeats a known dead end. ${verdict.reason} Try a different approach or different arguments.`,
    tool_call_id: toolCall.id ?? '',
    name: toolCall.name,
    status: 'error',
    response_metadata: { [GUARD_METADATA_KEY]: { verdict: 'block', reason: verdict.reason, deadEnd: verdict.deadEnd?.id, ...(verdict.failureClass ? { failureClass: verdict.failureClass } : {}) } },
  });
}

/**
 * The tool's own result with a warning appended (a text block for block content). The note is
 * recorded in `response_metadata.cairn_guard`, so cairn's copy of the result leaves it out.
 * Results that are not `ToolMessage`s (a `Command`) pass unchanged. @internal
 */
export function warnedToolResult<T>(result: T, verdict: GuardVerdict): T {
  if (!ToolMessage.isInstance(result)) return result;
  const note = `\n\n[cairn guard] Warning: this call repeats a known dead end. ${verdict.reason}`;
  const content = typeof result.content === 'string' ? result.content + note : [...result.content, { type: 'text' as const, text: note }];
  return new ToolMessage({
    ...(result.id !== undefined ? { id: result.id } : {}),
    ...(result.name !== undefined ? { name: result.name } : {}),
    content,
    tool_call_id: result.tool_call_id,
    ...(result.status !== undefined ? { status: result.status } : {}),
    ...(result.artifact !== undefined ? { artifact: result.artifact } : {}),
    ...(result.metadata !== undefined ? { metadata: result.metadata } : {}),
    additional_kwargs: result.additional_kwargs,
    response_metadata: { ...result.response_metadata, [GUARD_METADATA_KEY]: { verdict: verdict.verdict, reason: verdict.reason, deadEnd: verdict.deadEnd?.id, ...(verdict.failureClass ? { failureClass: verdict.failureClass } : {}), note } },
  }) as T;
}

/**
 * A warned tool result with the guard's note taken off its content again (the note is also
 * taken out of `response_metadata.cairn_guard`; the verdict and reason stay). Used when a view
 * has no room for an old note. A message without a note is returned as it is. @internal
 */
export function withoutGuardNoteResult(result: ToolMessage): ToolMessage {
  const record = result.response_metadata?.[GUARD_METADATA_KEY] as { note?: unknown } | undefined;
  const note = typeof record?.note === 'string' ? record.note : undefined;
  if (note === undefined) return result;
  let content = result.content;
  if (typeof content === 'string') {
    if (!content.endsWith(note)) return result;
    content = content.slice(0, content.length - note.length);
  } else {
    const last = content[content.length - 1] as { type?: string; text?: unknown } | undefined;
    if (last?.type !== 'text' || last.text !== note) return result;
    content = content.slice(0, -1);
  }
  const { note: _note, ...kept } = record as Record<string, unknown>;
  return new ToolMessage({
    ...(result.id !== undefined ? { id: result.id } : {}),
    ...(result.name !== undefined ? { name: result.name } : {}),
    content,
    tool_call_id: result.tool_call_id,
    ...(result.status !== undefined ? { status: result.status } : {}),
    ...(result.artifact !== undefined ? { artifact: result.artifact } : {}),
    ...(result.metadata !== undefined ? { metadata: result.metadata } : {}),
    additional_kwargs: result.additional_kwargs,
    response_metadata: { ...result.response_metadata, [GUARD_METADATA_KEY]: kept },
  });
}
