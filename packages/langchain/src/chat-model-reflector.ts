import { DEFAULT_REFLECTOR_INSTRUCTIONS, parsePlaybookDeltas, reflectorTranscript, type PlaybookReflector } from '@cairn/core';
import type { BaseLanguageModelInterface } from '@langchain/core/language_models/base';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import { replyText } from './chat-model-summarizer.js';

/** Options of {@link chatModelReflector}. */
export interface ChatModelReflectorOptions {
  /** System instructions. @default core's `DEFAULT_REFLECTOR_INSTRUCTIONS` */
  instructions?: string;
  /** The most characters of one message the model reads. @default 2000 */
  maxMessageChars?: number;
}

/**
 * Wraps a LangChain chat model as the playbook's reflector / curator (ACE): it reads the messages
 * logged since its last run and the playbook, and answers with delta operations (add, count,
 * merge, prune — never a rewrite), parsed with core's `parsePlaybookDeltas`. The adapters run it
 * in the background after a view, never on the prompt path; passing a model as the `reflector`
 * option calls this for you.
 *
 * @example
 * ```ts
 * cairnMiddleware({ sessionId: 'support-42', reflector: new ChatOpenAI({ model: 'gpt-4.1-mini' }) });
 * ```
 */
export function chatModelReflector(model: BaseLanguageModelInterface, { instructions = DEFAULT_REFLECTOR_INSTRUCTIONS, maxMessageChars }: ChatModelReflectorOptions = {}): PlaybookReflector {
  return async (input) => parsePlaybookDeltas(replyText(await model.invoke([new SystemMessage(instructions), new HumanMessage(reflectorTranscript(input, maxMessageChars === undefined ? {} : { maxMessageChars }))])));
}
