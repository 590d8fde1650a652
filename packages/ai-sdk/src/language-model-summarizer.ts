import { abandonOnAbort, checkModelTimeoutMs, DEFAULT_MODEL_TIMEOUT_MS, DEFAULT_SUMMARY_INSTRUCTIONS, summaryTranscript, type Summarizer } from '@cairn/core';
import { generateText, type LanguageModel } from 'ai';

export { DEFAULT_MODEL_TIMEOUT_MS, DEFAULT_SUMMARY_INSTRUCTIONS };

/** Options of {@link languageModelSummarizer}. */
export interface LanguageModelSummarizerOptions {
  /** System instructions for compressed messages (a consolidated page is always summarised with core's `CONSOLIDATED_SUMMARY_INSTRUCTIONS`). @default DEFAULT_SUMMARY_INSTRUCTIONS */
  instructions?: string;
  /** Largest summary, in output tokens (a consolidated page may take core's larger hint, 1,024). @default 256 */
  maxOutputTokens?: number;
  /**
   * How long one summary may take, in milliseconds (≥ 1, or `Infinity` for no limit). A call
   * still running then is cancelled and fails with a `CairnError` `MODEL_TIMEOUT` (the middleware
   * reports it to `onBackgroundError`), so a model that never answers cannot hold up the
   * session's later background runs. @default DEFAULT_MODEL_TIMEOUT_MS (120,000)
   */
  timeoutMs?: number;
}

/**
 * Wraps an AI SDK language model as core's `Summarizer` (used for compressed messages and for
 * consolidated pages' summaries; the engine calls it in the background, never on the prompt path).
 * Each call is cancelled after `timeoutMs` (2 minutes by default).
 *
 * @throws CairnError `INVALID_OPTIONS` for a `timeoutMs` that is not ≥ 1 or `Infinity`.
 *
 * @example
 * ```ts
 * const summarizer = languageModelSummarizer(openai('gpt-4.1-mini'));
 * ```
 */
export function languageModelSummarizer(model: LanguageModel, { instructions = DEFAULT_SUMMARY_INSTRUCTIONS, maxOutputTokens = 256, timeoutMs = DEFAULT_MODEL_TIMEOUT_MS }: LanguageModelSummarizerOptions = {}): Summarizer {
  checkModelTimeoutMs('languageModelSummarizer', timeoutMs);
  return async ({ messages, instructions: own, maxTokens }) => {
    const abortSignal = timeoutMs === Infinity ? undefined : AbortSignal.timeout(timeoutMs);
    // A consolidated page comes with core's instructions (the seed's rule) and a longer output limit.
    const { text } = await abandonOnAbort(abortSignal, 'The summariser model', () =>
      generateText({ model, system: own ?? instructions, prompt: summaryTranscript(messages), maxOutputTokens: Math.max(maxOutputTokens, maxTokens ?? 0), ...(abortSignal ? { abortSignal } : {}) }),
    );
    return text.trim();
  };
}
