import type { PageBook } from './page-book.js';
import { cascadeShelve } from './zoom-container.js';

/** Reason recorded when budget pressure shelves a consult. */
export const PRESSURE_REASON = 'budget pressure: the oldest consult is shelved first';

/** What {@link settleConsults} needs. @internal */
export interface SettleRequest {
  /** Tokens consulted pages may take this turn. */
  allowance: number;
  /** Tokens showing a unit's page in Detail costs (its full rendering, plus what it adds around it). */
  cost: (unit: number) => number;
  turn: number;
}

/**
 * Keeps consulted pages within their allowance: while the pages in Detail need more tokens than
 * `allowance`, the oldest consult goes back to Summary (one trace step, marked `auto`). Returns
 * the units of the pages still in Detail. @internal
 */
export function settleConsults(book: PageBook, { allowance, cost, turn }: SettleRequest): number[] {
  if (book.zoom.size === 0) return [];
  const consulted: { pageId: string; unit: number; since: number; tokens: number }[] = [];
  let total = 0;
  for (const [pageId, zoom] of book.zoom) {
    const unit = book.resolve(pageId);
    if (unit === undefined) {
      book.zoom.delete(pageId);
      continue;
    }
    const tokens = cost(unit);
    consulted.push({ pageId, unit, since: zoom.since, tokens });
    total += tokens;
  }
  consulted.sort((a, b) => a.since - b.since);
  const shelved: string[] = [];
  while (total > allowance && consulted.length > 0) {
    const oldest = consulted.shift()!;
    book.zoom.delete(oldest.pageId);
    shelved.push(oldest.pageId);
    total -= oldest.tokens;
  }
  if (shelved.length > 0) book.replanPending = true;
  if (shelved.length > 0) book.record({ action: 'Shelve', targets: shelved, reason: PRESSURE_REASON, turn, auto: true });
  cascadeShelve(book, shelved, turn);
  return consulted.map((page) => page.unit);
}
