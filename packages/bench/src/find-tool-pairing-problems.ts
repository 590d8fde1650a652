import type { CairnMessage } from '@cairn/core';

/**
 * Checks that every tool call has exactly one result directly after its assistant message, and
 * that every tool result answers a call of the assistant message just before its group.
 *
 * @param messages - A session, in order (filter multi-agent logs to one agent first).
 * @returns One line per problem, naming the message and call ids; empty when the session is valid.
 *
 * @example
 * ```ts
 * expect(findToolPairingProblems(session.messages)).toEqual([]);
 * ```
 */
export function findToolPairingProblems(messages: readonly CairnMessage[]): string[] {
  const problems: string[] = [];
  let pending = new Map<string, string>();
  const answered = new Set<string>();
  const flush = (): void => {
    for (const [callId, assistantId] of pending) {
      problems.push(`message ${assistantId}: tool call ${callId} has no result directly after it`);
    }
    pending = new Map();
  };

  for (const message of messages) {
    if (message.role === 'tool') {
      const callId = message.toolCallId;
      if (callId !== undefined && pending.has(callId)) {
        pending.delete(callId);
        answered.add(callId);
      } else if (callId !== undefined && answered.has(callId)) {
        problems.push(`message ${message.id}: second result for tool call ${callId}`);
      } else {
        problems.push(`message ${message.id}: result for tool call ${String(callId)}, which the assistant message before it did not make`);
      }
      continue;
    }
    flush();
    if (message.role !== 'assistant') continue;
    for (const call of message.toolCalls ?? []) {
      if (pending.has(call.id)) problems.push(`message ${message.id}: tool call id ${call.id} used twice`);
      pending.set(call.id, message.id);
    }
  }
  flush();
  return problems;
}
