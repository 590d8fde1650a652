import { abandonOnAbort, checkModelTimeoutMs, DEFAULT_MODEL_TIMEOUT_MS, DEFAULT_REFLECTOR_INSTRUCTIONS, parsePlaybookDeltas, reflectorTranscript, type PlaybookReflector } from '@cairn/core';
import { generateText, type LanguageModel } from 'ai';

/** Options of {@link languageModelReflector}. */
export interface LanguageModelReflectorOptions {
  /** System instructions. @default core's `DEFAULT_REFLECTOR_INSTRUCTIONS` */
  instructions?: string;
  /** Largest reply, in output tokens. @default 1024 */
  maxOutputTokens?: number;
  /** The most characters of one message the model reads. @default 2000 */
  maxMessageChars?: number;
  /**
   * How long one reflection may take, in milliseconds (≥ 1, or `Infinity` for no limit). A call
   * still running then is cancelled and fails with a `CairnError` `MODEL_TIMEOUT` (reported to
   * `onBackgroundError`), so a model that never answers cannot hold up the session's later
   * background runs. @default DEFAULT_MODEL_TIMEOUT_MS (120,000)
   */
  timeoutMs?: number;
}

/**
 * Wraps an AI SDK language model as the playbook's reflector / curator (ACE): it reads the
 * messages logged since its last run and the playbook, and answers with delta operations (add,
 * count, merge, prune — never a rewrite), parsed with core's `parsePlaybookDeltas`. The
 * middleware runs it in the background after a call of a named session, never on the prompt
 * path; passing a model as the `reflector` option calls this for you. Each call is cancelled
 * after `timeoutMs` (2 minutes by default).
 *
 * @throws CairnError `INVALID_OPTIONS` for a `timeoutMs` that is not ≥ 1 or `Infinity`.
 *
 * @example
 * ```ts
 * cairnMiddleware({ sessionId: 'support-42', reflector: openai('gpt-4.1-mini') });
 * ```
 */
export function languageModelReflector(model: LanguageModel, { instructions = DEFAULT_REFLECTOR_INSTRUCTIONS, maxOutputTokens = 1024, maxMessageChars, timeoutMs = DEFAULT_MODEL_TIMEOUT_MS }: LanguageModelReflectorOptions = {}): PlaybookReflector {
  checkModelTimeoutMs('languageModelReflector', timeoutMs);
  return async (input) => {
    const abortSignal = timeoutMs === Infinity ? undefined : AbortSignal.timeout(timeoutMs);
    const prompt = reflectorTranscript(input, maxMessageChars === undefined ? {} : { maxMessageChars });
    const { text } = await abandonOnAbort(abortSignal, 'The reflector model', () => generateText({ model, system: instructions, prompt, maxOutputTokens, ...(abortSignal ? { abortSignal } : {}) }));
    return parsePlaybookDeltas(text);
  };
}
