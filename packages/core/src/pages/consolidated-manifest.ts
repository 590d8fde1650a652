import type { ConsolidatedPage } from './consolidated-page.js';
import type { PageBook } from './page-book.js';
import type { PageManifest } from './page-types.js';

/** Keywords a consolidated page's manifest names. */
const CONSOLIDATED_KEYWORDS = 8;

/** The terms of a bag ranked by (1 + log tf) × idf over the log now (ties: lower term id). @internal */
export function consolidatedKeywords(book: PageBook, page: ConsolidatedPage): string[] {
  const { log } = book;
  const bag = book.consolidation!.bag(page);
  const scored: { id: number; score: number }[] = [];
  for (let index = 0; index < bag.ids.length; index++) {
    const id = bag.ids[index]!;
    scored.push({ id, score: (1 + Math.log(bag.counts[index]!)) * log.statistics.idf(id) });
  }
  scored.sort((a, b) => b.score - a.score || a.id - b.id);
  const terms: string[] = [];
  for (const { id } of scored.slice(0, CONSOLIDATED_KEYWORDS)) {
    const term = log.vectoriser.vocabulary.termOf(id);
    if (term !== undefined) terms.push(term);
  }
  return terms;
}

/** The manifest of a consolidated page (index state at `turn`). @internal */
export function consolidatedManifest(book: PageBook, page: ConsolidatedPage, turn: number): PageManifest {
  const consolidation = book.consolidation!;
  const messageIds: string[] = [];
  for (let unit = page.first; unit <= page.last; unit++) for (const message of book.log.unitMessages(unit)) messageIds.push(message.id);
  const links = consolidation.topology(page).map(({ from, to, kind, count }) => ({ from, to, kind, count }));
  return {
    id: page.id,
    type: 'Consolidated',
    unitId: book.log.units[page.first]!.id,
    messageIds,
    timestamp: book.log.unitMessages(page.first)[0]!.timestamp,
    keywords: consolidatedKeywords(book, page),
    summary: consolidation.summary(page),
    view: consolidation.viewOf(page.id),
    heat: book.heatOf(page.id, turn),
    activation: undefined,
    staleness: consolidation.staleness(page, undefined).pages,
    sources: [...page.children],
    level: page.level,
    topic: page.topic,
    trigger: page.trigger,
    ...(page.parent === undefined ? {} : { parent: page.parent }),
    links,
  };
}
