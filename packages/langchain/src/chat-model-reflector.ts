import { abandonOnAbort, checkModelTimeoutMs, DEFAULT_MODEL_TIMEOUT_MS, DEFAULT_REFLECTOR_INSTRUCTIONS, parsePlaybookDeltas, reflectorTranscript, type PlaybookReflector } from '@cairn/core';
import type { BaseLanguageModelInterface } from '@langchain/core/language_models/base';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import { replyText } from './chat-model-summarizer.js';

/** Options of {@link chatModelReflector}. */
export interface ChatModelReflectorOptions {
  /** System instructions. @default core's `DEFAULT_REFLECTOR_INSTRUCTIONS` */
  instructions?: string;
  /** The most characters of one message the model reads. @default 2000 */
  maxMessageChars?: number;
  /**
   * How long one reflection may take, in milliseconds (≥ 1, or `Infinity` for no limit). A call still
   * running then is abandoned (its request cancelled through `signal`) and fails with a `CairnError` `MODEL_TIMEOUT` (reported to
   * `onBackgroundError`), so a model that never answers cannot hold up the session's later
   * background runs. @default core's `DEFAULT_MODEL_TIMEOUT_MS` (120,000)
   */
  timeoutMs?: number;
}

/**
 * Wraps a LangChain chat model as the playbook's reflector / curator (ACE): it reads the messages
 * logged since its last run and the playbook, and answers with delta operations (add, count,
 * merge, prune — never a rewrite), parsed with core's `parsePlaybookDeltas`. The adapters run it
 * in the background after a view, never on the prompt path; passing a model as the `reflector`
 * option calls this for you. Each call is abandoned after `timeoutMs` (2 minutes by default).
 *
 * @throws CairnError `INVALID_OPTIONS` for a `timeoutMs` that is not ≥ 1 or `Infinity`.
 * @example
 * ```ts
 * cairnMiddleware({ sessionId: 'support-42', reflector: new ChatOpenAI({ model: 'gpt-4.1-mini' }) });
 * ```
 */
export function chatModelReflector(model: BaseLanguageModelInterface, { instructions = DEFAULT_REFLECTOR_INSTRUCTIONS, maxMessageChars, timeoutMs = DEFAULT_MODEL_TIMEOUT_MS }: ChatModelReflectorOptions = {}): PlaybookReflector {
  checkModelTimeoutMs('chatModelReflector', timeoutMs);
  return async (input) => {
    const signal = timeoutMs === Infinity ? undefined : AbortSignal.timeout(timeoutMs);
    const prompt = [new SystemMessage(instructions), new HumanMessage(reflectorTranscript(input, maxMessageChars === undefined ? {} : { maxMessageChars }))];
    return parsePlaybookDeltas(replyText(await abandonOnAbort(signal, 'The reflector model', () => model.invoke(prompt, signal ? { signal } : {}))));
  };
}
