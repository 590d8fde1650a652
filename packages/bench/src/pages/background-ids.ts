import type { TokenCounter, ViewMessage } from '@cairn/core';

const BACKGROUND_MARK = '[cairn:background]';

/**
 * The page ids a view's Background_Context blocks name (`pages.consolidation.background`, on by
 * default; a turn that frees more history may add a later block): the 8–12 hex words of their
 * entry lines, and the blocks' tokens.
 *
 * @param view - A cairn view.
 * @param counter - The token counter.
 * @returns The ids in block order, block by block (empty when the view has no block), and their tokens.
 */
export function backgroundIds(view: readonly ViewMessage[], counter: TokenCounter): { ids: string[]; tokens: number } {
  const ids: string[] = [];
  let tokens = 0;
  for (const message of view) {
    if (!message.synthetic || typeof message.content !== 'string' || !message.content.startsWith(BACKGROUND_MARK)) continue;
    const lines = message.content.split('\n').slice(1);
    // An entry is `id` or `id (keyword, keyword)`: drop the keywords, keep the hex words.
    for (const line of lines) for (const word of line.replace(/\([^)]*\)/g, ' ').split(/\s+/)) if (/^[0-9a-f]{8,12}$/.test(word)) ids.push(word);
    tokens += counter.count(message.content);
  }
  return { ids, tokens };
}
