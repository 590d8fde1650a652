import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart, LanguageModelV4StreamResult } from '@ai-sdk/provider';
import { addUsage } from './add-usage.js';
import { continuationMessages, type AnswerPart } from './continuation-messages.js';
import type { GuardContext } from './guard-generate.js';
import { guardToolCall } from './guard-tool-call.js';

type FinishPart = Extract<LanguageModelV4StreamPart, { type: 'finish' }>;

async function* guardParts(stream: ReadableStream<LanguageModelV4StreamPart>, params: LanguageModelV4CallOptions, context: GuardContext): AsyncGenerator<LanguageModelV4StreamPart> {
  const reader = stream.getReader();
  // Tool input parts wait for their call: a blocked call's input must say it is provider-executed.
  const held = new Map<string, LanguageModelV4StreamPart[]>();
  const texts = new Map<string, AnswerPart & { type: 'text' | 'reasoning' }>();
  const answer: AnswerPart[] = [];
  let blocked = 0;
  let clientCalls = 0;
  let finish: FinishPart | undefined;
  try {
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      if (part.type === 'tool-input-start') {
        held.set(part.id, [part]);
      } else if ((part.type === 'tool-input-delta' || part.type === 'tool-input-end') && held.has(part.id)) {
        held.get(part.id)!.push(part);
      } else if (part.type === 'text-start' || part.type === 'reasoning-start') {
        const text = { type: part.type === 'text-start' ? ('text' as const) : ('reasoning' as const), text: '' };
        texts.set(part.id, text);
        answer.push(text);
        yield part;
      } else if (part.type === 'text-delta' || part.type === 'reasoning-delta') {
        const text = texts.get(part.id);
        if (text) text.text += part.delta;
        yield part;
      } else if (part.type === 'tool-call' && part.providerExecuted !== true) {
        const input = held.get(part.toolCallId) ?? [];
        held.delete(part.toolCallId);
        const guarded = guardToolCall(part, context.engine, context.mode);
        if (guarded.kind === 'block') {
          for (const item of input) yield item.type === 'tool-input-start' ? { ...item, providerExecuted: true } : item;
          yield guarded.call;
          yield guarded.result;
          answer.push({ type: 'blocked', toolCallId: part.toolCallId, toolName: part.toolName, input: guarded.input, message: guarded.message });
          blocked++;
        } else {
          yield* input;
          yield guarded.call;
          clientCalls++;
        }
      } else if (part.type === 'finish') {
        finish = part;
      } else {
        yield part;
      }
    }
  } finally {
    reader.releaseLock();
  }
  for (const input of held.values()) yield* input;
  if (!finish) return;
  if (blocked === 0 || clientCalls > 0 || context.retries <= 0) {
    yield finish;
    return;
  }
  const appended = [...(context.appended ?? []), ...continuationMessages(answer)];
  const prompt = await context.retryPrompt(appended);
  if (!prompt) {
    yield finish;
    return;
  }
  const retryParams = { ...params, prompt };
  const retry = await context.model.doStream(retryParams);
  for await (const part of guardParts(retry.stream, retryParams, { ...context, appended, retries: context.retries - 1 })) {
    if (part.type === 'stream-start') continue;
    yield part.type === 'finish' ? { ...part, usage: addUsage(finish.usage, part.usage) } : part;
  }
}

/**
 * Applies the dead-end guard to a `doStream` result, like {@link guardGenerate}: tool input parts
 * are held until their call arrives; a blocked call streams as a provider-executed call with an
 * error result; when every call of an answer was blocked, the retry's parts follow in the same
 * stream (one `finish`, usage added), its prompt within the budget (`retryPrompt`).
 *
 * @internal
 */
export function guardStream(result: LanguageModelV4StreamResult, params: LanguageModelV4CallOptions, context: GuardContext): LanguageModelV4StreamResult {
  const parts = guardParts(result.stream, params, context);
  const stream = new ReadableStream<LanguageModelV4StreamPart>({
    async pull(controller) {
      try {
        const { done, value } = await parts.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
  return { ...result, stream };
}
