import type { PageBook } from './page-book.js';
import { QUERY_HIT_HEAT } from './page-book.js';

/**
 * Records the query hits of a view: every page holding one of `units` (the question's best
 * matches) — its original page, and each consolidated page that holds it, up to the top — gets
 * {@link QUERY_HIT_HEAT} once, however many of its units were hit. Held back until heat is next
 * read (see `PendingQueryHits`: the same heat, without assigning page ids or freezing pages on the
 * view path). @internal
 */
export function recordQueryHits(book: PageBook, units: readonly number[], turn: number): void {
  book.deferQueryHits(
    units.filter((unit) => unit >= 0 && unit < book.log.units.length),
    turn,
  );
}
