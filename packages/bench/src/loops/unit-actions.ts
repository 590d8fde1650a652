import { hashText, type CairnMessage, type MessageContent } from '@cairn/core';

/** One action of an agent, reduced for reading: a tool call with its result, or a reply. */
export interface UnitAction {
  /** Position among the unit's actions, from 0. */
  index: number;
  /** Id of the assistant message the action belongs to. */
  messageId: string;
  /** `call` (a tool call) or `reply` (assistant text without a tool call). */
  kind: 'call' | 'reply';
  /** Tool name; `reply` for replies. */
  name: string;
  /** Hash of the name and arguments (calls) or of the text (replies). */
  actionHash: string;
  /** Hash of the call's result text, `-` for replies or a missing result. */
  resultHash: string;
  /** The call's result was marked as an error. */
  isError: boolean;
}

const short = (text: string): string => hashText(text).slice(0, 6);

const contentText = (content: MessageContent): string => (typeof content === 'string' ? content : content.map((part) => part.text).join(''));

const argumentsText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

/**
 * An agent's actions in order, for reading a unit fast and for sampling it: every tool call of
 * every assistant message (with the hash of its result), and every assistant message without a
 * tool call as one `reply`. Only hashes and names: a caller decides how much text to show.
 *
 * @param messages - One agent's messages, in order (tool results after their calls).
 * @returns The actions, in order.
 */
export function listUnitActions(messages: readonly CairnMessage[]): UnitAction[] {
  const results = new Map<string, CairnMessage>();
  for (const message of messages) if (message.role === 'tool' && message.toolCallId !== undefined) results.set(message.toolCallId, message);
  const actions: UnitAction[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const calls = message.toolCalls ?? [];
    if (calls.length === 0) {
      actions.push({ index: actions.length, messageId: message.id, kind: 'reply', name: 'reply', actionHash: short(contentText(message.content)), resultHash: '-', isError: false });
      continue;
    }
    for (const call of calls) {
      const result = results.get(call.id);
      actions.push({
        index: actions.length,
        messageId: message.id,
        kind: 'call',
        name: call.name,
        actionHash: short(`${call.name}\n${argumentsText(call.arguments)}`),
        resultHash: result === undefined ? '-' : short(contentText(result.content)),
        isError: result?.isError === true,
      });
    }
  }
  return actions;
}

/**
 * Whether some exact action (same name and arguments, or the same reply text) occurs at least
 * `repeats` times among `window` consecutive actions: the rule that chose the first labeller's
 * candidates, used here only to say which units that rule would not have surfaced.
 *
 * @param actions - A unit's actions.
 * @param window - Consecutive actions looked at together.
 * @param repeats - How many equal actions make a candidate.
 * @returns True when the unit is a candidate by that rule.
 */
export function hasExactRepeat(actions: readonly UnitAction[], window = 8, repeats = 3): boolean {
  for (let start = 0; start < actions.length; start++) {
    const counts = new Map<string, number>();
    for (const action of actions.slice(start, start + window)) {
      const count = (counts.get(action.actionHash) ?? 0) + 1;
      if (count >= repeats) return true;
      counts.set(action.actionHash, count);
    }
  }
  return false;
}
