import type { TokenCounter, ViewMessage } from '@cairn/core';

const BACKGROUND_MARK = '[cairn:background]';

/**
 * The page ids a view's Background_Context block names (`pages.consolidation.background`): the
 * 8–12 hex words of its entry lines, and the block's tokens.
 *
 * @param view - A cairn view.
 * @param counter - The token counter.
 * @returns The ids in block order (empty when the view has no block) and its tokens.
 */
export function backgroundIds(view: readonly ViewMessage[], counter: TokenCounter): { ids: string[]; tokens: number } {
  for (const message of view) {
    if (typeof message.content !== 'string' || !message.content.startsWith(BACKGROUND_MARK)) continue;
    const lines = message.content.split('\n').slice(1);
    // An entry is `id` or `id (keyword, keyword)`: drop the keywords, keep the hex words.
    const ids = lines.flatMap((line) => line.replace(/\([^)]*\)/g, ' ').split(/\s+/).filter((word) => /^[0-9a-f]{8,12}$/.test(word)));
    return { ids, tokens: counter.count(message.content) };
  }
  return { ids: [], tokens: 0 };
}
