import { contentText, type CairnMessage } from '../log/index.js';
import { callSignature } from '../dead-ends/index.js';
import { hashText } from '../text/index.js';

/** The hashes of one assistant message: what the pulse reports and the loop detector counts. */
export interface AssistantTurnHashes {
  /** The message's log id. */
  id: string;
  /** Hash of its text, whitespace collapsed and case folded; `''` when it has no text. */
  contentHash: string;
  /** One hash per tool call (name and canonical arguments), in call order. */
  callHashes: string[];
  /** The tool names, in call order. */
  toolNames: string[];
  /** Hash of all its calls together; `''` when it made none. */
  callsHash: string;
}

const BLANKS = /\s+/g;

/**
 * Hashes an assistant message for the vitality pulse and loop detection: its text (whitespace
 * runs collapsed, case folded, so a reply repeated with other line breaks is the same) and each
 * tool call (name plus arguments as canonical JSON: key order does not matter, any changed value
 * does). Deterministic; costs no tokens.
 *
 * @param message - An assistant message.
 * @returns Its hashes.
 *
 * @example
 * ```ts
 * hashAssistantTurn({ id: 'a1', role: 'assistant', content: 'Done.' }).contentHash; // 11 characters
 * ```
 */
export function hashAssistantTurn(message: CairnMessage): AssistantTurnHashes {
  const text = contentText(message.content).replace(BLANKS, ' ').trim().toLowerCase();
  const calls = message.toolCalls ?? [];
  const callHashes = calls.map((call) => hashText(callSignature(call.name, call.arguments).exact));
  return {
    id: message.id,
    contentHash: text.length === 0 ? '' : hashText(text),
    callHashes,
    toolNames: calls.map((call) => call.name),
    callsHash: callHashes.length === 0 ? '' : hashText(callHashes.join(',')),
  };
}
