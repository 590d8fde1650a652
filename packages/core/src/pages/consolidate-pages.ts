import type { PageBook } from './page-book.js';
import type { ConsolidateResult } from './page-types.js';

/**
 * Runs the consolidator once (what `engine.consolidate()` does; core has no timers, so a host
 * calls it when idle or on a schedule): freezes what the log lets freeze, then merges adjacent
 * same-topic top-level consolidated pages that are stale (see `Consolidation.merge`). `now` is
 * read only when `pages.consolidation.staleAfterMs` is set. Deterministic: the same log, the same
 * calls and the same clock give the same pages. With consolidation off: nothing, 0 pages. @internal
 */
export function consolidatePages(book: PageBook, now: (() => number) | undefined): ConsolidateResult {
  const consolidation = book.consolidation;
  if (!consolidation) return { pages: 0, merged: [] };
  consolidation.sync();
  const time = consolidation.options.staleAfterMs === undefined || now === undefined ? undefined : now();
  const merged = consolidation.merge(time).map((page) => page.id);
  if (merged.length > 0) book.replanPending = true;
  return { pages: consolidation.all().length, merged };
}
