import type { ConsolidatedPage } from './consolidated-page.js';
import type { PageBook } from './page-book.js';
import type { PageView, ZoomAction, ZoomEntry } from './page-types.js';

/** Reason recorded when a container folds back because none of its sub-pages is above Summary. */
export const CASCADE_REASON = 'cascade: no sub-page of the unpacked page is above Summary';

/**
 * One zoom step of a consolidated page: consult moves Summary → Detail → Unpacked, shelve moves
 * Unpacked → Detail → Summary. Returns the entry (status `changed`, `unchanged` or
 * `not-consulted`); a change sets the view and marks the book for a replan. @internal
 */
export function zoomContainer(book: PageBook, action: ZoomAction, page: ConsolidatedPage, id: string): ZoomEntry {
  const consolidation = book.consolidation!;
  const from = consolidation.viewOf(page.id);
  if (action === 'Shelve' && from === 'Summary') return { id, pageId: page.id, status: 'not-consulted', from, to: from, message: 'was not consulted: it is already in Summary.' };
  const to: PageView = action === 'Consult' ? (from === 'Summary' ? 'Detail' : 'Unpacked') : from === 'Unpacked' ? 'Detail' : 'Summary';
  if (to === from) return { id, pageId: page.id, status: 'unchanged', from, to, message: 'already Unpacked: consult its sub-pages (listed in the page index) to go deeper.' };
  book.replanPending = true;
  if (to === 'Summary') consolidation.zoom.delete(page.id);
  else consolidation.zoom.set(page.id, { view: to, since: ++book.sequence });
  const what = to === 'Detail' && from === 'Summary' ? ' Its summary is in the page index of the next view.' : to === 'Unpacked' ? ` Its ${page.children.length} sub-pages are listed in the page index of the next view.` : '';
  return { id, pageId: page.id, status: 'changed', from, to, message: `${from} → ${to}.${what}` };
}

/** True when a page (original or consolidated) is above Summary. */
function aboveSummary(book: PageBook, id: string): boolean {
  return book.zoom.has(id) || (book.consolidation?.zoom.has(id) ?? false);
}

/**
 * Cascading shelve: after `shelved` pages went back to Summary, an Unpacked page holding one of
 * them with no sub-page left above Summary folds back to Detail (one trace step by cairn).
 * Returns the pages folded. @internal
 */
export function cascadeShelve(book: PageBook, shelved: readonly string[], turn: number): string[] {
  const consolidation = book.consolidation;
  if (!consolidation || consolidation.zoom.size === 0 || shelved.length === 0) return [];
  const folded: string[] = [];
  for (const id of shelved) {
    if (aboveSummary(book, id)) continue;
    const container = consolidation.get(id);
    let parent: ConsolidatedPage | undefined;
    if (container) parent = container.parent === undefined ? undefined : consolidation.get(container.parent);
    else {
      const unit = book.resolve(id);
      parent = unit === undefined ? undefined : consolidation.holderOf(unit);
    }
    if (!parent || consolidation.viewOf(parent.id) !== 'Unpacked' || folded.includes(parent.id)) continue;
    if (parent.children.some((child) => aboveSummary(book, child))) continue;
    consolidation.zoom.set(parent.id, { view: 'Detail', since: consolidation.zoom.get(parent.id)!.since });
    folded.push(parent.id);
  }
  if (folded.length > 0) {
    book.replanPending = true;
    book.record({ action: 'Shelve', targets: folded, reason: CASCADE_REASON, turn, auto: true });
  }
  return folded;
}
