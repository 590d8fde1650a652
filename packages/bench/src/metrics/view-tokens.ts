import { type CairnMessage, countMessageTokens, type TokenCounter } from '@cairn/core';

/**
 * Tokens of a view by the benchmark's counter: `countMessageTokens` summed over its messages,
 * the same measure for every strategy.
 *
 * @param view - The messages.
 * @param counter - The token counter (the BPE counter in the benchmark).
 * @returns The view's tokens.
 *
 * @example
 * ```ts
 * countViewTokens(view, createBpeTokenCounter()) > budget; // over budget
 * ```
 */
export function countViewTokens(view: readonly CairnMessage[], counter: TokenCounter): number {
  let total = 0;
  for (const message of view) total += countMessageTokens(message, counter);
  return total;
}
