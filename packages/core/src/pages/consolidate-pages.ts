import type { PageBook } from './page-book.js';
import type { ConsolidateResult } from './page-types.js';

/** Heat at or above which a consolidated page is not merged yet (a consult 10 turns ago, or two recent query hits). */
export const MERGE_HEAT_LIMIT = 0.5;

/**
 * Runs the consolidator once (what `engine.consolidate()` does; core has no timers, so a host
 * calls it when idle or on a schedule): freezes what the log lets freeze, then merges adjacent
 * same-topic top-level consolidated pages that are stale and cold (heat at `turn` under
 * {@link MERGE_HEAT_LIMIT}; see `Consolidation.merge`). `now` is
 * read only when `pages.consolidation.staleAfterMs` is set. Deterministic: the same log, the same
 * calls and the same clock give the same pages. With consolidation off: nothing, 0 pages. @internal
 */
export function consolidatePages(book: PageBook, now: (() => number) | undefined, turn = 0): ConsolidateResult {
  const consolidation = book.consolidation;
  if (!consolidation) return { pages: 0, merged: [] };
  consolidation.sync();
  // Held-back query hits count as of their views, before any merge made now.
  book.applyPendingHits();
  const time = consolidation.options.staleAfterMs === undefined || now === undefined ? undefined : now();
  const merged = consolidation.merge(time, (pageId) => book.heatOf(pageId, turn) >= MERGE_HEAT_LIMIT).map((page) => page.id);
  if (merged.length > 0) book.replanPending = true;
  return { pages: consolidation.all().length, merged };
}
