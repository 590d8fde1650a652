import { hashText } from '@cairn/core';
import type { ChatMessage } from 'llamaindex';

function fingerprint(message: ChatMessage<object>): string {
  try {
    return JSON.stringify([message.role, message.content, message.options ?? null]);
  } catch {
    // Options that JSON cannot express (cycles, BigInt): fall back to the role and text.
    return `${String(message.role)}\u0000${typeof message.content === 'string' ? message.content : String(message.content)}`;
  }
}

/**
 * The stable cairn id of the message at `position` in a LlamaIndex history: the position plus a
 * hash of its role, content and options. The same message at the same position always gets the
 * same id, so a history that is re-read is recognised and only its new tail is ingested; an
 * edited message changes its id, which reveals the edit.
 *
 * @internal
 */
export function messageId(message: ChatMessage<object>, position: number): string {
  return `li-${position}-${hashText(fingerprint(message))}`;
}
