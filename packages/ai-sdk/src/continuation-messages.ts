import type { LanguageModelV4Message } from '@ai-sdk/provider';

/** A part of the model's answer that the continuation shows it again. @internal */
export type AnswerPart = { type: 'text' | 'reasoning'; text: string } | { type: 'blocked'; toolCallId: string; toolName: string; input: unknown; message: string };

/**
 * The messages appended to the prompt when every tool call of an answer was blocked: the answer
 * (its text, reasoning and the blocked calls), then a tool message with one error per blocked
 * call, which the model reads on its retry.
 *
 * @internal
 */
export function continuationMessages(parts: readonly AnswerPart[]): LanguageModelV4Message[] {
  const assistant: Extract<LanguageModelV4Message, { role: 'assistant' }>['content'] = [];
  const tool: Extract<LanguageModelV4Message, { role: 'tool' }>['content'] = [];
  for (const part of parts) {
    if (part.type === 'blocked') {
      assistant.push({ type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
      tool.push({ type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, output: { type: 'error-text', value: part.message } });
    } else if (part.text.length > 0) {
      assistant.push({ type: part.type, text: part.text });
    }
  }
  return [
    { role: 'assistant', content: assistant },
    { role: 'tool', content: tool },
  ];
}
