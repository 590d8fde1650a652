import type { LanguageModelV4Message, LanguageModelV4Prompt, LanguageModelV4ToolResultPart } from '@ai-sdk/provider';

type AssistantPart = Extract<LanguageModelV4Message, { role: 'assistant' }>['content'][number];

/** True for a tool call cairn's guard blocked (it marks them in `providerOptions.cairn`). @internal */
export function isBlockedCall(part: { type: string; providerExecuted?: boolean; providerOptions?: Record<string, unknown> }): boolean {
  const cairn = part.providerOptions?.cairn as { guard?: unknown } | undefined;
  return part.type === 'tool-call' && part.providerExecuted === true && cairn?.guard === 'block';
}

/**
 * Turns the blocked calls the AI SDK keeps in its history (a provider-executed call with an
 * error result, inside the assistant message) back into what every provider understands: a
 * client tool call, then a tool message with the error result. Other messages are returned as
 * they are (the same objects).
 *
 * @internal
 */
export function normalizeBlockedCalls(prompt: LanguageModelV4Prompt): LanguageModelV4Prompt {
  if (!prompt.some((message) => message.role === 'assistant' && message.content.some((part) => isBlockedCall(part)))) return prompt;
  const out: LanguageModelV4Prompt = [];
  for (const message of prompt) {
    if (message.role !== 'assistant' || !message.content.some((part) => isBlockedCall(part))) {
      out.push(message);
      continue;
    }
    const blockedIds = new Set(message.content.filter((part) => isBlockedCall(part)).map((part) => (part as { toolCallId: string }).toolCallId));
    let parts: AssistantPart[] = [];
    let results: LanguageModelV4ToolResultPart[] = [];
    let first = true;
    const flush = (): void => {
      if (parts.length === 0 && results.length === 0) return;
      out.push({ role: 'assistant', content: parts, ...(first && message.providerOptions ? { providerOptions: message.providerOptions } : {}) });
      first = false;
      if (results.length > 0) out.push({ role: 'tool', content: results });
      parts = [];
      results = [];
    };
    for (const part of message.content) {
      if (part.type === 'tool-result' && blockedIds.has(part.toolCallId)) continue;
      if (part.type === 'tool-call' && blockedIds.has(part.toolCallId)) {
        const { providerExecuted: _providerExecuted, ...call } = part;
        parts.push(call);
        const result = message.content.find((item) => item.type === 'tool-result' && item.toolCallId === part.toolCallId) as LanguageModelV4ToolResultPart | undefined;
        const output = result?.output;
        results.push({
          type: 'tool-result',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          // The AI SDK stores a string error as error-json; the model reads it better as text.
          output: output?.type === 'error-json' && typeof output.value === 'string' ? { type: 'error-text', value: output.value } : (output ?? { type: 'error-text', value: 'Blocked by cairn.' }),
          ...(result?.providerOptions ? { providerOptions: result.providerOptions } : {}),
        });
        continue;
      }
      if (results.length > 0) flush();
      parts.push(part);
    }
    flush();
  }
  return out;
}
