import type { EngineState } from '../render/index.js';
import { countMessageTokens } from '../log/index.js';
import type { ViewMessage } from '../log/index.js';
import { renderPageIndex } from '../pages/index.js';

type Brief = { message: ViewMessage; tokens: number };

/** Attempts to fit the index in its share when the exact count comes out over. */
const MAX_ATTEMPTS = 3;

/**
 * Adds the page index (the consolidated pages, see `renderPageIndex`) to the turn's brief, or
 * makes it the brief, within `pages.consolidation.indexShare` of the budget, plus half of
 * `pages.detailShare` while a consolidated page is in Detail (index off: only the consulted
 * consolidated pages, within half of `pages.detailShare`). Only when the
 * history does not fit the budget in full (a history shown whole needs no index) and some page
 * is consolidated; otherwise the brief is returned unchanged and costs nothing. @internal
 */
export function withPageIndex(state: EngineState, brief: Brief | undefined, budget: number, query: string | undefined): Brief | undefined {
  const { pages, options, log } = state;
  if (!pages.consolidation) return brief;
  // With no page index (indexShare 0), consulted consolidated pages are still shown, alone.
  const listed = options.pages.consolidation.indexShare > 0;
  // Index off: consulted pages within half the detail share. Index on: its own share, plus half the
  // detail share while a consolidated page is in Detail (its summary lines; Unpacked listings do not get it).
  const zoomed = [...pages.consolidation.zoom.values()];
  const share = listed
    ? options.pages.consolidation.indexShare + (zoomed.some((state) => state.view === 'Detail') ? options.pages.detailShare / 2 : 0)
    : zoomed.length > 0
      ? // With the Background_Context block a page in Detail shows its summary, where folded history comes back: the whole detail share.
        options.pages.detailShare / (options.pages.consolidation.background && zoomed.some((state) => state.view === 'Detail') ? 1 : 2)
      : 0;
  if (share === 0) return brief;
  let history = 0;
  for (const unit of log.units) history += unit.messageTokens;
  if (history <= budget) return brief;
  const limit = Math.floor(budget * share);
  let allowance = limit - (brief ? 2 : 8);
  for (let attempt = 0; attempt < MAX_ATTEMPTS && allowance > 0; attempt++) {
    const text = renderPageIndex(pages, { query, allowance, listSummaries: listed, count: (value) => options.tokenCounter.count(value), turn: state.turn + 1 });
    if (text === undefined) return brief;
    const message: ViewMessage = brief
      ? { ...brief.message, content: `${typeof brief.message.content === 'string' ? brief.message.content : ''}\n\n${text}` }
      : { id: 'cairn:page-index', role: 'user', content: text, sourceIds: [], fidelity: 'full', synthetic: true };
    const tokens = countMessageTokens(message, options.tokenCounter);
    const added = tokens - (brief?.tokens ?? 0);
    if (added <= limit) return { message, tokens };
    allowance -= added - limit + 4;
  }
  return brief;
}
