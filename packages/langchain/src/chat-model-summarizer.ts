import { abandonOnAbort, checkModelTimeoutMs, DEFAULT_MODEL_TIMEOUT_MS, DEFAULT_SUMMARY_INSTRUCTIONS, summaryTranscript, type Summarizer } from '@cairn/core';
import type { BaseLanguageModelInterface } from '@langchain/core/language_models/base';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';

/** Options of {@link chatModelSummarizer}. */
export interface ChatModelSummarizerOptions {
  /** System instructions for compressed messages (a consolidated page is always summarised with core's `CONSOLIDATED_SUMMARY_INSTRUCTIONS`). @default core's `DEFAULT_SUMMARY_INSTRUCTIONS` */
  instructions?: string;
  /**
   * How long one summary may take, in milliseconds (≥ 1, or `Infinity` for no limit). A call still
   * running then is abandoned (its request cancelled through `signal`) and fails with a `CairnError` `MODEL_TIMEOUT` (reported to
   * `onBackgroundError`), so a model that never answers cannot hold up the session's later
   * background runs. @default core's `DEFAULT_MODEL_TIMEOUT_MS` (120,000)
   */
  timeoutMs?: number;
}

/** The text of what a LangChain model returned (a message, its content parts, or a string). */
/** @internal */
export function replyText(reply: unknown): string {
  if (typeof reply === 'string') return reply;
  const content = (reply as { content?: unknown } | null)?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part === 'string' ? part : (part as { type?: string; text?: unknown }).type === 'text' ? String((part as { text?: unknown }).text ?? '') : '')).join('');
  }
  return '';
}

/**
 * Wraps a LangChain chat model (any `BaseLanguageModelInterface`: `ChatOpenAI`, `ChatAnthropic`,
 * …) as core's `Summarizer`, which writes the summaries shown for compressed messages and for
 * consolidated pages. The
 * adapters run it in the background after a call, never on the prompt path; passing a model as
 * the `summarizer` option calls this for you. Each call is abandoned after `timeoutMs` (2 minutes
 * by default).
 *
 * @throws CairnError `INVALID_OPTIONS` for a `timeoutMs` that is not ≥ 1 or `Infinity`.
 *
 * @example
 * ```ts
 * cairnMiddleware({ sessionId: 'support-42', summarizer: new ChatOpenAI({ model: 'gpt-4.1-mini' }) });
 * ```
 */
export function chatModelSummarizer(model: BaseLanguageModelInterface, { instructions = DEFAULT_SUMMARY_INSTRUCTIONS, timeoutMs = DEFAULT_MODEL_TIMEOUT_MS }: ChatModelSummarizerOptions = {}): Summarizer {
  checkModelTimeoutMs('chatModelSummarizer', timeoutMs);
  // A consolidated page comes with core's instructions (the seed's rule): they replace the unit instructions.
  return async ({ messages, instructions: own }) => {
    const signal = timeoutMs === Infinity ? undefined : AbortSignal.timeout(timeoutMs);
    const prompt = [new SystemMessage(own ?? instructions), new HumanMessage(summaryTranscript(messages))];
    return replyText(await abandonOnAbort(signal, 'The summariser model', () => model.invoke(prompt, signal ? { signal } : {}))).trim();
  };
}
