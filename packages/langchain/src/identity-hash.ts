import { hashText } from '@cairn/core';
import type { EncodedLangChainMessage } from './encode-lang-chain-message.js';

/**
 * A hash of what makes a message *that* message: its type, content, name, tool calls and tool
 * call id. Bookkeeping a history backend may normalise on the way through (`additional_kwargs`,
 * `response_metadata`, usage) is left out, so a stored-and-reloaded message is still recognised.
 *
 * @internal
 */
export function identityHash(encoded: EncodedLangChainMessage): string {
  const { fields } = encoded;
  const calls = Array.isArray(fields.tool_calls) ? (fields.tool_calls as { id?: unknown; name?: unknown; args?: unknown }[]).map((call) => [call.id ?? null, call.name ?? null, call.args ?? null]) : [];
  return hashText(JSON.stringify([encoded.type, fields.content ?? '', fields.name ?? null, calls, fields.tool_call_id ?? null, fields.role ?? null]));
}
