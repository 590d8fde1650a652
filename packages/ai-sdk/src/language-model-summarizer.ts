import { contentText, type Summarizer } from '@cairn/core';
import { generateText, type LanguageModel } from 'ai';

/** The instructions the summariser model gets by default. */
export const DEFAULT_SUMMARY_INSTRUCTIONS =
  'Summarise this part of an agent session in a few sentences for the agent itself. Keep ids, numbers, file paths, names, errors, decisions and negations exactly. Answer with the summary only.';

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
    const transcript = messages
      .map((message) => {
        const calls = message.toolCalls?.map((call) => `${call.name}(${JSON.stringify(call.arguments)})`).join(', ');
        return `${message.role}${message.name ? ` ${message.name}` : ''}: ${contentText(message.content)}${calls ? `\ncalls: ${calls}` : ''}`;
      })
      .join('\n\n');
    const { text } = await generateText({ model, system: instructions, prompt: transcript, maxOutputTokens });
    return text.trim();
  };
}
