import { AIMessage, ChatMessage, FunctionMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { CairnError } from '@cairn/core';
import type { EncodedLangChainMessage } from './encode-lang-chain-message.js';

/**
 * Rebuilds the LangChain message an {@link EncodedLangChainMessage} describes, with every field
 * it had. Chunks come back as their message class (`AIMessageChunk` → `AIMessage`).
 *
 * @throws CairnError `INVALID_MESSAGE` for a message type this adapter cannot rebuild.
 */
export function decodeLangChainMessage(encoded: EncodedLangChainMessage): BaseMessage {
  // The constructors accept every field they expose, so the copy passes them through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the fields are the message's own, checked by the round-trip tests
  const fields = { ...encoded.fields } as any;
  switch (encoded.type) {
    case 'human':
      return new HumanMessage(fields);
    case 'ai':
      return new AIMessage(fields);
    case 'system':
      return new SystemMessage(fields);
    case 'tool':
      return new ToolMessage(fields);
    case 'generic':
      return new ChatMessage(fields);
    case 'function':
      return new FunctionMessage(fields);
    default:
      throw new CairnError({
        code: 'INVALID_MESSAGE',
        message: `Cannot rebuild a LangChain message of type "${encoded.type}"; expected human, ai, system, tool, generic or function.`,
        details: { type: encoded.type },
      });
  }
}
