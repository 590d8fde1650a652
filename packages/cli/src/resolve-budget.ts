import { type CairnMessage, countMessageTokens, type TokenCounter } from '@cairn/core';
import type { BudgetArgument } from './parse-budget.js';

/** The smallest budget the default (10% of the history) goes down to. */
export const MIN_DEFAULT_BUDGET = 2000;

/**
 * The token budget of a replay: the tokens given, or the share of the session's history tokens
 * (by `counter`). Without `--budget`: 10% of the history, at least {@link MIN_DEFAULT_BUDGET}.
 *
 * @param argument - The parsed `--budget`, if any.
 * @param messages - The whole session.
 * @param counter - The token counter.
 * @returns The budget and the history's tokens.
 */
export function resolveBudget(argument: BudgetArgument | undefined, messages: readonly CairnMessage[], counter: TokenCounter): { budget: number; historyTokens: number } {
  let historyTokens = 0;
  for (const message of messages) historyTokens += countMessageTokens(message, counter);
  if (argument && 'tokens' in argument) return { budget: argument.tokens, historyTokens };
  if (argument) return { budget: Math.max(1, Math.round(argument.share * historyTokens)), historyTokens };
  return { budget: Math.max(MIN_DEFAULT_BUDGET, Math.round(0.1 * historyTokens)), historyTokens };
}
