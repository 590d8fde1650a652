import { contentText, countMessageTokens, MESSAGE_OVERHEAD_TOKENS, type TokenCounter } from '../log/index.js';
import type { ViewMessage } from '../log/index.js';

/** Words whose counts are remembered per counter before the memo starts afresh (bounded memory). */
const MAX_WORD_COUNTS = 1 << 16;
/** Whole run texts remembered per counter that does not add up at spaces. */
const MAX_RUN_COUNTS = 4096;
const wordCounts = new WeakMap<TokenCounter, Map<string, number>>();
const runCounts = new WeakMap<TokenCounter, Map<string, number>>();

function isWhitespace(code: number, text: string, index: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  return code > 127 && /\s/.test(text[index]!);
}

function memo(store: WeakMap<TokenCounter, Map<string, number>>, counter: TokenCounter): Map<string, number> {
  let counts = store.get(counter);
  if (!counts) store.set(counter, (counts = new Map()));
  return counts;
}

/**
 * Tokens of `text` by a counter that adds up at spaces ({@link TokenCounter.additiveAtSpaces}):
 * the sum of the counts of its words, each word a piece that starts at a space following a
 * non-space character, counts remembered per counter (bounded). Exactly `counter.count(text)`
 * for such a counter; a placeholder run's text is a few words, most of them shared by every run
 * (`[cairn:placeholder`, `tool`, `calls:`) or by the runs that start or end at one unit.
 * @internal
 */
export function countByWords(text: string, counter: TokenCounter): number {
  const counts = memo(wordCounts, counter);
  let total = 0;
  let start = 0;
  const add = (end: number): void => {
    const word = text.slice(start, end);
    let tokens = counts.get(word);
    if (tokens === undefined) {
      tokens = counter.count(word);
      if (counts.size >= MAX_WORD_COUNTS) counts.clear();
      counts.set(word, tokens);
    }
    total += tokens;
    start = end;
  };
  for (let index = 1; index < text.length; index++) {
    if (text.charCodeAt(index) !== 32) continue;
    const before = text.charCodeAt(index - 1);
    if (!isWhitespace(before, text, index - 1)) add(index);
  }
  if (start < text.length) add(text.length);
  return total;
}

/**
 * Tokens of a merged placeholder run's message ({@link countMessageTokens}, exactly). A new
 * question's view reshapes most of its ~thousand runs, so whole texts rarely come back; with a
 * counter that adds up at spaces the count is the sum of its words' remembered counts, otherwise
 * whole texts are remembered (bounded). @internal
 */
export function runMessageTokens(message: ViewMessage, counter: TokenCounter): number {
  if (message.name || message.toolCalls) return countMessageTokens(message, counter);
  const text = contentText(message.content);
  if (counter.additiveAtSpaces === true) return MESSAGE_OVERHEAD_TOKENS + countByWords(text, counter);
  const counts = memo(runCounts, counter);
  let tokens = counts.get(text);
  if (tokens === undefined) {
    tokens = countMessageTokens(message, counter);
    if (counts.size >= MAX_RUN_COUNTS) counts.clear();
    counts.set(text, tokens);
  }
  return tokens;
}
