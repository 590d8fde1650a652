import { abandonOnAbort, checkModelTimeoutMs, DEFAULT_MODEL_TIMEOUT_MS, DEFAULT_SUMMARY_INSTRUCTIONS, summaryTranscript, type Summarizer } from '@cairn/core';
import type { LLM } from 'llamaindex';

/** Options of {@link llmSummarizer}. */
export interface LlmSummarizerOptions {
  /** System instructions for compressed messages (a consolidated page is always summarised with core's `CONSOLIDATED_SUMMARY_INSTRUCTIONS`). @default core's `DEFAULT_SUMMARY_INSTRUCTIONS` */
  instructions?: string;
  /**
   * How long one summary may take, in milliseconds (≥ 1, or `Infinity` for no limit). A call still
   * running then is abandoned (LlamaIndex `LLM.chat` takes no abort signal, so the request itself may still finish) and fails with a `CairnError` `MODEL_TIMEOUT` (reported to
   * `onBackgroundError`), so a model that never answers cannot hold up the session's later
   * background runs. @default core's `DEFAULT_MODEL_TIMEOUT_MS` (120,000)
   */
  timeoutMs?: number;
}

/** The text of a LlamaIndex message content (a string, or text parts). */
/** @internal */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => ((part as { type?: string }).type === 'text' ? String((part as { text?: unknown }).text ?? '') : '')).join('');
}

/**
 * Wraps a LlamaIndex `LLM` (OpenAI, Anthropic, Ollama, …) as core's `Summarizer`, which writes
 * the summaries shown for compressed messages and for consolidated pages. The adapter runs it in the background after a
 * view, never on the prompt path; passing an LLM as the `summarizer` option calls this for you.
 * Each call is abandoned after `timeoutMs` (2 minutes by default).
 *
 * @throws CairnError `INVALID_OPTIONS` for a `timeoutMs` that is not ≥ 1 or `Infinity`.
 *
 * @example
 * ```ts
 * const memory = createCairnMemory({ sessionId: 'support-42', summarizer: new OpenAI({ model: 'gpt-4.1-mini' }) });
 * ```
 */
export function llmSummarizer(llm: LLM, { instructions = DEFAULT_SUMMARY_INSTRUCTIONS, timeoutMs = DEFAULT_MODEL_TIMEOUT_MS }: LlmSummarizerOptions = {}): Summarizer {
  checkModelTimeoutMs('llmSummarizer', timeoutMs);
  // A consolidated page comes with core's instructions (the seed's rule): they replace the unit instructions.
  return async ({ messages, instructions: own }) => {
    const deadline = timeoutMs === Infinity ? undefined : AbortSignal.timeout(timeoutMs);
    const response = await abandonOnAbort(deadline, 'The summariser LLM', () =>
      llm.chat({
        messages: [
          { role: 'system', content: own ?? instructions },
          { role: 'user', content: summaryTranscript(messages) },
        ],
      }),
    );
    return contentText(response.message.content).trim();
  };
}
