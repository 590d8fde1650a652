import type { CairnMessage } from '@cairn/core';

/** One session of a LoCoMo conversation: its messages, in order. */
export interface ConversationSession {
  /** The conversation's session number (`metadata.session`), or its 1-based position when absent. */
  number: number;
  messages: readonly CairnMessage[];
}

const sessionOf = (message: CairnMessage): unknown => message.metadata?.session;

/**
 * Splits a conversation into its sessions: maximal runs of consecutive messages with the same
 * `metadata.session` (as `convertLocomoConversation` writes it). A conversation without session
 * numbers is one session.
 *
 * @param messages - The conversation, in order.
 * @returns The sessions, in order; every message in exactly one, order kept.
 *
 * @example
 * ```ts
 * splitSessions(messages).map((session) => session.messages.length); // [18, 17, …]
 * ```
 */
export function splitSessions(messages: readonly CairnMessage[]): ConversationSession[] {
  const sessions: { number: number; messages: CairnMessage[] }[] = [];
  let current: unknown = Symbol('none');
  for (const message of messages) {
    const session = sessionOf(message);
    if (sessions.length === 0 || session !== current) {
      sessions.push({ number: typeof session === 'number' ? session : sessions.length + 1, messages: [] });
      current = session;
    }
    sessions.at(-1)!.messages.push(message);
  }
  return sessions;
}
