/**
 * Test support: the counting of placeholder runs and rendered texts as it was before words were
 * remembered (issue 17): every text counted whole by the engine's own counter.
 */
import { countMessageTokens, type TokenCounter } from '../../log/index.js';
import type { ViewMessage } from '../../log/index.js';

/** Counts the whole text, every time. */
export function countByWords(text: string, counter: TokenCounter): number {
  return counter.count(text);
}

/** The counter itself. */
export function renderingCounter(counter: TokenCounter): TokenCounter {
  return counter;
}

/** The message counted whole, every time. */
export function runMessageTokens(message: ViewMessage, counter: TokenCounter): number {
  return countMessageTokens(message, counter);
}

/** The message counted whole, every time (its pieces unused). */
export function placeholderRunTokens(message: ViewMessage, _parts: unknown, counter: TokenCounter): number {
  return countMessageTokens(message, counter);
}
