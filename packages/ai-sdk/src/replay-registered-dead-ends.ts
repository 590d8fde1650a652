import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import type { ContextEngine } from '@cairn/core';

/** The tool name `cairnTools` registers dead ends under. @internal */
export const REGISTER_DEAD_END_TOOL = 'registerDeadEnd';

/** What `registerDeadEnd` answers when no session holds the dead end: the history does. @internal */
export interface RecordedInHistory {
  recorded: true;
  scope: 'call';
}

const isRecordedInHistory = (value: unknown): value is RecordedInHistory => typeof value === 'object' && value !== null && (value as { scope?: unknown }).scope === 'call';

/**
 * Registers, in `engine`, the dead ends that `registerDeadEnd` recorded in the history only (it
 * answered `{ recorded: true, scope: 'call' }` because no session was named): each result in
 * `history` from `from` on, with the call that asked for it. This is how a call without a session
 * keeps the dead ends its own tool loop registered, with nothing kept between calls.
 *
 * @internal
 */
export function replayRegisteredDeadEnds(engine: ContextEngine, history: LanguageModelV4Prompt, from: number): void {
  // Most calls bring no recorded dead end: look at the new tool results before the whole history.
  if (!history.slice(from).some((message) => message.role === 'tool' && message.content.some((part) => part.type === 'tool-result' && part.output.type === 'json' && isRecordedInHistory(part.output.value)))) return;
  const calls = new Map<string, unknown>();
  for (const message of history) {
    if (message.role !== 'assistant') continue;
    for (const part of message.content) if (part.type === 'tool-call' && part.toolName === REGISTER_DEAD_END_TOOL) calls.set(part.toolCallId, part.input);
  }
  if (calls.size === 0) return;
  for (const message of history.slice(from)) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result' || part.output.type !== 'json' || !isRecordedInHistory(part.output.value)) continue;
      const input = calls.get(part.toolCallId) as { approach?: unknown; reason?: unknown; toolName?: unknown; arguments?: unknown } | undefined;
      if (typeof input?.approach !== 'string' || typeof input.reason !== 'string') continue;
      const { approach, reason, toolName, arguments: args } = input;
      engine.registerDeadEnd({ trace: { approach, ...(typeof toolName === 'string' ? { toolName } : {}), ...(args !== undefined ? { arguments: args } : {}) }, reason });
    }
  }
}
