import type { LanguageModelV4Content, LanguageModelV4GenerateResult, LanguageModelV4StreamPart, LanguageModelV4StreamResult, LanguageModelV4Usage } from '@ai-sdk/provider';

/** One token in, one token out: the usage the scripted mocks report. */
export const USAGE: LanguageModelV4Usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A `doGenerate` result with a text answer. */
export function textResult(text: string): LanguageModelV4GenerateResult {
  return { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE, warnings: [] };
}

/** A `doGenerate` result with tool calls (and an optional text before them). */
export function callResult(calls: { id: string; name: string; input: unknown }[], text?: string): LanguageModelV4GenerateResult {
  const content: LanguageModelV4Content[] = [];
  if (text) content.push({ type: 'text', text });
  for (const call of calls) content.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: JSON.stringify(call.input) });
  return { content, finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: USAGE, warnings: [] };
}

/** A `doStream` result streaming the same content as {@link callResult} / {@link textResult}. */
export function streamOf(result: LanguageModelV4GenerateResult): LanguageModelV4StreamResult {
  const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  result.content.forEach((part, index) => {
    if (part.type === 'text') {
      parts.push({ type: 'text-start', id: `t${index}` }, { type: 'text-delta', id: `t${index}`, delta: part.text }, { type: 'text-end', id: `t${index}` });
    } else if (part.type === 'tool-call') {
      parts.push(
        { type: 'tool-input-start', id: part.toolCallId, toolName: part.toolName },
        { type: 'tool-input-delta', id: part.toolCallId, delta: part.input },
        { type: 'tool-input-end', id: part.toolCallId },
        part,
      );
    }
  });
  parts.push({ type: 'finish', finishReason: result.finishReason, usage: result.usage });
  return {
    stream: new ReadableStream({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    }),
  };
}
