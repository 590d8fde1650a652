import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Content, LanguageModelV4GenerateResult, LanguageModelV4Message, LanguageModelV4Prompt } from '@ai-sdk/provider';
import type { ContextEngine } from '@cairn/core';
import { addUsage } from './add-usage.js';
import { continuationMessages, type AnswerPart } from './continuation-messages.js';
import { guardToolCall } from './guard-tool-call.js';

/** What the generate guard needs. @internal */
export interface GuardContext {
  engine: ContextEngine;
  mode: 'warn' | 'block';
  model: LanguageModelV4;
  /** Retries left when every call of an answer is blocked. */
  retries: number;
  /**
   * The prompt of a retry that appends `appended` (every blocked answer so far and its errors)
   * to the call's view, within the budget; `undefined` when none fits (no retry then). See
   * `fitRetryPrompt`.
   */
  retryPrompt(appended: readonly LanguageModelV4Message[]): Promise<LanguageModelV4Prompt | undefined>;
  /** What earlier retries of this call appended. @default none */
  appended?: readonly LanguageModelV4Message[];
}

/**
 * Applies the dead-end guard to a `doGenerate` result. A blocked call stays in the content as a
 * provider-executed call with an error result (the AI SDK records it and does not run it). When
 * an answer's calls were all blocked, the AI SDK would end its tool loop, so the model is asked
 * again at once, with the blocked calls and their errors appended to its prompt (within the
 * budget: `retryPrompt` plans the view again when they would not fit, and gives up the retry when
 * nothing fits); the retry's content follows the blocked answer's in the step (usage added), up
 * to `retries` times.
 *
 * @internal
 */
export async function guardGenerate(result: LanguageModelV4GenerateResult, params: LanguageModelV4CallOptions, context: GuardContext): Promise<LanguageModelV4GenerateResult> {
  const content: LanguageModelV4Content[] = [];
  const answer: AnswerPart[] = [];
  let blocked = 0;
  let clientCalls = 0;
  for (const part of result.content) {
    if (part.type === 'text' || part.type === 'reasoning') answer.push({ type: part.type, text: part.text });
    if (part.type !== 'tool-call' || part.providerExecuted === true) {
      content.push(part);
      continue;
    }
    const guarded = guardToolCall(part, context.engine, context.mode);
    content.push(guarded.call);
    if (guarded.kind === 'block') {
      content.push(guarded.result);
      answer.push({ type: 'blocked', toolCallId: part.toolCallId, toolName: part.toolName, input: guarded.input, message: guarded.message });
      blocked++;
    } else {
      clientCalls++;
    }
  }
  if (blocked === 0) return clientCalls === 0 ? result : { ...result, content };
  if (clientCalls > 0 || context.retries <= 0) return { ...result, content };
  const appended = [...(context.appended ?? []), ...continuationMessages(answer)];
  const prompt = await context.retryPrompt(appended);
  if (!prompt) return { ...result, content };
  const retryParams = { ...params, prompt };
  const retry = await guardGenerate(await context.model.doGenerate(retryParams), retryParams, { ...context, appended, retries: context.retries - 1 });
  return {
    ...retry,
    content: [...content, ...retry.content],
    usage: addUsage(result.usage, retry.usage),
    warnings: [...result.warnings, ...retry.warnings],
  };
}
