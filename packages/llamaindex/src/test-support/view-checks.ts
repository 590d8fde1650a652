import { countMessageTokens, findViewViolations, type TokenCounter } from '@cairn/core';
import type { ChatMessage } from 'llamaindex';
import { toCairnMessage } from '../to-cairn-message.js';

/** The prompt in cairn's shape (tool results as `tool` messages), for core's checks. */
export function asCairn(messages: readonly ChatMessage[]) {
  return messages.map((message, index) => toCairnMessage(message, `p${index}`));
}

/** Tokens of LlamaIndex messages by core's counter. */
export function promptTokens(messages: readonly ChatMessage[], counter: TokenCounter): number {
  return asCairn(messages).reduce((total, message) => total + countMessageTokens(message, counter), 0);
}

/** Orphan results and unanswered calls in a prompt (placeholder runs are checked on views, not prompts). */
export function toolPairViolations(messages: readonly ChatMessage[]) {
  return findViewViolations(asCairn(messages)).filter((violation) => violation.kind !== 'consecutive-placeholders');
}
