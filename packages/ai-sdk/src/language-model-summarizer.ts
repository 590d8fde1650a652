import { DEFAULT_SUMMARY_INSTRUCTIONS, summaryTranscript, type Summarizer } from '@cairn/core';
import { generateText, type LanguageModel } from 'ai';

export { DEFAULT_SUMMARY_INSTRUCTIONS };

/** Options of {@link languageModelSummarizer}. */
export interface LanguageModelSummarizerOptions {
  /** System instructions. @default DEFAULT_SUMMARY_INSTRUCTIONS */
  instructions?: string;
  /** Largest summary, in output tokens. @default 256 */
  maxOutputTokens?: number;
}

/**
 * Wraps an AI SDK language model as core's `Summarizer` (used for compressed messages; the
 * engine calls it in the background, never on the prompt path).
 *
 * @example
 * ```ts
 * const summarizer = languageModelSummarizer(openai('gpt-4.1-mini'));
 * ```
 */
export function languageModelSummarizer(model: LanguageModel, { instructions = DEFAULT_SUMMARY_INSTRUCTIONS, maxOutputTokens = 256 }: LanguageModelSummarizerOptions = {}): Summarizer {
  return async ({ messages }) => {
    const { text } = await generateText({ model, system: instructions, prompt: summaryTranscript(messages), maxOutputTokens });
    return text.trim();
  };
}
