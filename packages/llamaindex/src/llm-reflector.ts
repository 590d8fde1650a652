import { abandonOnAbort, checkModelTimeoutMs, DEFAULT_MODEL_TIMEOUT_MS, DEFAULT_REFLECTOR_INSTRUCTIONS, parsePlaybookDeltas, reflectorTranscript, type PlaybookReflector } from '@cairn/core';
import type { LLM } from 'llamaindex';
import { contentText } from './llm-summarizer.js';

/** Options of {@link llmReflector}. */
export interface LlmReflectorOptions {
  /** System instructions. @default core's `DEFAULT_REFLECTOR_INSTRUCTIONS` */
  instructions?: string;
  /** The most characters of one message the LLM reads. @default 2000 */
  maxMessageChars?: number;
  /**
   * How long one reflection may take, in milliseconds (≥ 1, or `Infinity` for no limit). A call still
   * running then is abandoned (LlamaIndex `LLM.chat` takes no abort signal, so the request itself may still finish) and fails with a `CairnError` `MODEL_TIMEOUT` (reported to
   * `onBackgroundError`), so a model that never answers cannot hold up the session's later
   * background runs. @default core's `DEFAULT_MODEL_TIMEOUT_MS` (120,000)
   */
  timeoutMs?: number;
}

/**
 * Wraps a LlamaIndex `LLM` as the playbook's reflector / curator (ACE): it reads the messages
 * logged since its last run and the playbook, and answers with delta operations (add, count,
 * merge, prune — never a rewrite), parsed with core's `parsePlaybookDeltas`. The adapter runs it
 * in the background after a view, never on the prompt path; passing an LLM as the `reflector`
 * option calls this for you. Each call is abandoned after `timeoutMs` (2 minutes by default).
 *
 * @throws CairnError `INVALID_OPTIONS` for a `timeoutMs` that is not ≥ 1 or `Infinity`.
 * @example
 * ```ts
 * const memory = createCairnMemory({ sessionId: 'support-42', reflector: new OpenAI({ model: 'gpt-4.1-mini' }) });
 * ```
 */
export function llmReflector(llm: LLM, { instructions = DEFAULT_REFLECTOR_INSTRUCTIONS, maxMessageChars, timeoutMs = DEFAULT_MODEL_TIMEOUT_MS }: LlmReflectorOptions = {}): PlaybookReflector {
  checkModelTimeoutMs('llmReflector', timeoutMs);
  return async (input) => {
    const deadline = timeoutMs === Infinity ? undefined : AbortSignal.timeout(timeoutMs);
    const response = await abandonOnAbort(deadline, 'The reflector LLM', () =>
      llm.chat({
        messages: [
          { role: 'system', content: instructions },
          { role: 'user', content: reflectorTranscript(input, maxMessageChars === undefined ? {} : { maxMessageChars }) },
        ],
      }),
    );
    return parsePlaybookDeltas(contentText(response.message.content));
  };
}
