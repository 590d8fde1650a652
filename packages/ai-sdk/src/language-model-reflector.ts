import { DEFAULT_REFLECTOR_INSTRUCTIONS, parsePlaybookDeltas, reflectorTranscript, type PlaybookReflector } from '@cairn/core';
import { generateText, type LanguageModel } from 'ai';

/** Options of {@link languageModelReflector}. */
export interface LanguageModelReflectorOptions {
  /** System instructions. @default core's `DEFAULT_REFLECTOR_INSTRUCTIONS` */
  instructions?: string;
  /** Largest reply, in output tokens. @default 1024 */
  maxOutputTokens?: number;
  /** The most characters of one message the model reads. @default 2000 */
  maxMessageChars?: number;
}

/**
 * Wraps an AI SDK language model as the playbook's reflector / curator (ACE): it reads the
 * messages logged since its last run and the playbook, and answers with delta operations (add,
 * count, merge, prune — never a rewrite), parsed with core's `parsePlaybookDeltas`. The
 * middleware runs it in the background after a call of a named session, never on the prompt
 * path; passing a model as the `reflector` option calls this for you.
 *
 * @example
 * ```ts
 * cairnMiddleware({ sessionId: 'support-42', reflector: openai('gpt-4.1-mini') });
 * ```
 */
export function languageModelReflector(model: LanguageModel, { instructions = DEFAULT_REFLECTOR_INSTRUCTIONS, maxOutputTokens = 1024, maxMessageChars }: LanguageModelReflectorOptions = {}): PlaybookReflector {
  return async (input) => {
    const { text } = await generateText({ model, system: instructions, prompt: reflectorTranscript(input, maxMessageChars === undefined ? {} : { maxMessageChars }), maxOutputTokens });
    return parsePlaybookDeltas(text);
  };
}
