import { DEFAULT_REFLECTOR_INSTRUCTIONS, parsePlaybookDeltas, reflectorTranscript, type PlaybookReflector } from '@cairn/core';
import type { LLM } from 'llamaindex';
import { contentText } from './llm-summarizer.js';

/** Options of {@link llmReflector}. */
export interface LlmReflectorOptions {
  /** System instructions. @default core's `DEFAULT_REFLECTOR_INSTRUCTIONS` */
  instructions?: string;
  /** The most characters of one message the LLM reads. @default 2000 */
  maxMessageChars?: number;
}

/**
 * Wraps a LlamaIndex `LLM` as the playbook's reflector / curator (ACE): it reads the messages
 * logged since its last run and the playbook, and answers with delta operations (add, count,
 * merge, prune — never a rewrite), parsed with core's `parsePlaybookDeltas`. The adapter runs it
 * in the background after a view, never on the prompt path; passing an LLM as the `reflector`
 * option calls this for you.
 *
 * @example
 * ```ts
 * const memory = createCairnMemory({ sessionId: 'support-42', reflector: new OpenAI({ model: 'gpt-4.1-mini' }) });
 * ```
 */
export function llmReflector(llm: LLM, { instructions = DEFAULT_REFLECTOR_INSTRUCTIONS, maxMessageChars }: LlmReflectorOptions = {}): PlaybookReflector {
  return async (input) => {
    const response = await llm.chat({
      messages: [
        { role: 'system', content: instructions },
        { role: 'user', content: reflectorTranscript(input, maxMessageChars === undefined ? {} : { maxMessageChars }) },
      ],
    });
    return parsePlaybookDeltas(contentText(response.message.content));
  };
}
