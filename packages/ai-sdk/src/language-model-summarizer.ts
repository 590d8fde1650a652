import { DEFAULT_SUMMARY_INSTRUCTIONS, summaryTranscript, type Summarizer } from '@cairn/core';
import { generateText, type LanguageModel } from 'ai';

export { DEFAULT_SUMMARY_INSTRUCTIONS };

/** Options of {@link languageModelSummarizer}. */
export interface LanguageModelSummarizerOptions {
  /** System instructions for compressed messages (a consolidated page is always summarised with core's `CONSOLIDATED_SUMMARY_INSTRUCTIONS`). @default DEFAULT_SUMMARY_INSTRUCTIONS */
  instructions?: string;
  /** Largest summary, in output tokens (a consolidated page may take core's larger hint, 1,024). @default 256 */
  maxOutputTokens?: number;
}

/**
 * Wraps an AI SDK language model as core's `Summarizer` (used for compressed messages and for
 * consolidated pages' summaries; the engine calls it in the background, never on the prompt path).
 *
 * @example
 * ```ts
 * const summarizer = languageModelSummarizer(openai('gpt-4.1-mini'));
 * ```
 */
export function languageModelSummarizer(model: LanguageModel, { instructions = DEFAULT_SUMMARY_INSTRUCTIONS, maxOutputTokens = 256 }: LanguageModelSummarizerOptions = {}): Summarizer {
  return async ({ messages, instructions: own, maxTokens }) => {
    // A consolidated page comes with core's instructions (the seed's rule) and a longer output limit.
    const { text } = await generateText({ model, system: own ?? instructions, prompt: summaryTranscript(messages), maxOutputTokens: Math.max(maxOutputTokens, maxTokens ?? 0) });
    return text.trim();
  };
}
