import type { PageBook } from './page-book.js';
import { QUERY_HIT_HEAT } from './page-book.js';

/**
 * Records the query hits of a view: every page holding one of `units` (the question's best
 * matches) — its original page, and each consolidated page that holds it, up to the top — gets
 * {@link QUERY_HIT_HEAT} once, however many of its units were hit. @internal
 */
export function recordQueryHits(book: PageBook, units: readonly number[], turn: number): void {
  const hit = new Set<string>();
  for (const unit of units) {
    if (unit < 0 || unit >= book.log.units.length) continue;
    hit.add(book.idOf(unit));
    let page = book.consolidation?.holderOf(unit);
    while (page) {
      hit.add(page.id);
      page = page.parent === undefined ? undefined : book.consolidation!.get(page.parent);
    }
  }
  for (const pageId of hit) book.warm(pageId, turn, QUERY_HIT_HEAT);
}
