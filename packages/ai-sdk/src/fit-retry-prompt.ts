import type { LanguageModelV4Message, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { countMessageTokens, type TokenCounter } from '@cairn/core';
import { promptMessageToCairn } from './prompt-message-to-cairn.js';

/**
 * Assembles the call's view again for a smaller history budget and returns the prompt it makes
 * (system messages, the view, the guard's note), or `undefined` when no view fits that budget.
 *
 * @internal
 */
export type ReplanView = (historyBudget: number) => Promise<LanguageModelV4Prompt | undefined>;

/** What {@link fitRetryPrompt} needs. @internal */
export interface FitRetryInput {
  /** The prompt the first call was sent (the view the middleware assembled). */
  prompt: LanguageModelV4Prompt;
  /** Everything the guard appends for this retry: each blocked answer and its errors, in order. */
  appended: readonly LanguageModelV4Message[];
  /** The whole prompt's budget in tokens. */
  budget: number;
  /** Tokens of the prompt outside the view (system messages, the guard's note). */
  reserved: number;
  /** The engine's token counter (the one the budget is counted with). */
  counter: TokenCounter;
  /** Plans the view again for a smaller history budget; absent when the call has no view of its own. */
  replan: ReplanView | undefined;
}

/** Tokens of AI SDK prompt messages, counted as the engine counts the messages it ingests. @internal */
export function promptTokens(messages: readonly LanguageModelV4Message[], counter: TokenCounter): number {
  let total = 0;
  messages.forEach((message, index) => {
    for (const part of promptMessageToCairn(message, index, 'count')) total += countMessageTokens(part, counter);
  });
  return total;
}

/** The appended messages with the model's own text and reasoning left out of its answers (the blocked calls and their errors stay). */
function callsOnly(appended: readonly LanguageModelV4Message[]): LanguageModelV4Message[] {
  return appended.map((message) => {
    if (message.role !== 'assistant') return message;
    const content = message.content.filter((part) => part.type === 'tool-call');
    return content.length === message.content.length ? message : { ...message, content };
  });
}

/**
 * The prompt of a guard retry, within the budget. The retry is the first call's prompt with the
 * blocked answers and their errors appended; when that fits the budget it is sent as it is (the
 * provider's prompt cache keeps its prefix). Otherwise the view is planned again by the engine
 * with the appended messages' tokens reserved (`budget − reserved − appended`), so the retry is
 * within the budget like every other prompt. When even that leaves no room, the model's own text
 * is left out of the appended answers (the blocked calls and their errors stay) and the view is
 * planned once more; when nothing fits, `undefined`: the middleware does not retry, and the
 * blocked answer stands (the next call shows it through the engine, within the budget).
 *
 * @returns The retry's prompt (every message counted, within `budget`), or `undefined`.
 * @internal
 */
export async function fitRetryPrompt({ prompt, appended, budget, reserved, counter, replan }: FitRetryInput): Promise<LanguageModelV4Prompt | undefined> {
  const tail = promptTokens(appended, counter);
  if (promptTokens(prompt, counter) + tail <= budget) return [...prompt, ...appended];
  if (!replan) return undefined;
  const trimmed = callsOnly(appended);
  const candidates = trimmed.every((message, index) => message === appended[index]) ? [appended] : [appended, trimmed];
  for (const candidate of candidates) {
    const extra = candidate === appended ? tail : promptTokens(candidate, counter);
    if (reserved + extra >= budget) continue;
    const view = await replan(budget - reserved - extra);
    if (!view) continue;
    const retry = [...view, ...candidate];
    if (promptTokens(retry, counter) <= budget) return retry;
  }
  return undefined;
}
