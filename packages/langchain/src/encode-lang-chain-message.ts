import { CairnError } from '@cairn/core';
import { isBaseMessage, type BaseMessage } from '@langchain/core/messages';

/**
 * A LangChain message as plain JSON data: its type and every public field it has, so the exact
 * message can be rebuilt (see {@link decodeLangChainMessage}). Kept in `metadata.langchain` of
 * the cairn message.
 */
export interface EncodedLangChainMessage {
  /** `message.type`: `human`, `ai`, `system`, `tool`, `generic`, `function`, `developer`… */
  type: string;
  /** The message's own data fields (`content`, `id`, `tool_calls`, `additional_kwargs`…). */
  fields: Record<string, unknown>;
}

/** Fields that are serialisation bookkeeping, not data. */
const SKIPPED = new Set(['lc_serializable', 'lc_kwargs', 'lc_namespace', 'type']);

/**
 * Encodes a LangChain message as plain data: every own enumerable field except LangChain's
 * serialisation bookkeeping (`lc_*`) and `undefined` values.
 *
 * @throws CairnError `INVALID_MESSAGE` when `message` is not a LangChain `BaseMessage`.
 */
export function encodeLangChainMessage(message: BaseMessage, position = 0): EncodedLangChainMessage {
  if (!isBaseMessage(message)) {
    throw new CairnError({
      code: 'INVALID_MESSAGE',
      message: `Invalid message at position ${position}: expected a LangChain BaseMessage (HumanMessage, AIMessage, ToolMessage…), got ${describe(message)}. Convert message-likes with coerceMessageLikeToMessage first.`,
      details: { index: position },
    });
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(message)) {
    if (SKIPPED.has(key) || value === undefined) continue;
    fields[key] = value;
  }
  return { type: message.type, fields };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'a plain object' : `a ${typeof value}`;
}
