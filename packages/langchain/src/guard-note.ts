import type { BaseMessage } from '@langchain/core/messages';

/** Where the guard records the note it appended to a tool result. @internal */
export const GUARD_METADATA_KEY = 'cairn_guard';

/**
 * The note the dead-end guard appended to this tool result, if any. cairn's own copy of the
 * result leaves it out, so the warning is never mistaken for the tool's output (e.g. an error
 * line quoted in the reason counted as a new failure).
 *
 * @internal
 */
export function guardNote(message: BaseMessage): string | undefined {
  const record = (message.response_metadata as Record<string, unknown> | undefined)?.[GUARD_METADATA_KEY] as { note?: unknown } | undefined;
  return typeof record?.note === 'string' ? record.note : undefined;
}
