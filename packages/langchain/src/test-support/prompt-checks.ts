import { countMessageTokens, createBpeTokenCounter, findViewViolations, type TokenCounter } from '@cairn/core';
import { AIMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { guardNote } from '../guard-note.js';
import { toCairnMessage } from '../to-cairn-message.js';

const counter: TokenCounter = createBpeTokenCounter();

/**
 * A tool result as the model reads it: one the dead-end guard warned carries the guard's note,
 * which `toCairnMessage` leaves out of cairn's own copy, so it is made part of the content here.
 */
function asModelReadsIt(message: BaseMessage): BaseMessage {
  if (!ToolMessage.isInstance(message) || guardNote(message) === undefined) return message;
  return new ToolMessage({ content: message.content, tool_call_id: message.tool_call_id, ...(message.name ? { name: message.name } : {}), ...(message.status ? { status: message.status } : {}) });
}

/** Tokens of a prompt by core's counter, as the model reads it (guard notes included). */
export function promptTokens(messages: readonly BaseMessage[]): number {
  return messages.reduce((total, message, position) => total + countMessageTokens(toCairnMessage(asModelReadsIt(message), { id: `p${position}`, position }), counter), 0);
}

/** Orphan results and unanswered calls in a prompt the model received. */
export function promptViolations(messages: readonly BaseMessage[]) {
  return findViewViolations(messages.map((message, position) => toCairnMessage(message, { id: `p${position}`, position })));
}

/** The text of a prompt, for assertions on what the model could read. */
export function promptText(messages: readonly BaseMessage[]): string {
  return messages.map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content))).join('\n');
}

/**
 * An assistant message that calls tools, for `fakeModel().respond(...)`. (`respondWithTools`
 * fills the content with the whole prompt the fake received, which makes every such message as
 * long as the prompt: unlike any real model.)
 */
export function callTools(calls: { name: string; args: Record<string, unknown>; id: string }[], content = ''): AIMessage {
  return new AIMessage({ content, tool_calls: calls.map((call) => ({ ...call, type: 'tool_call' as const })) });
}
