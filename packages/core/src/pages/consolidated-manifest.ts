import type { UnitState } from '../log/index.js';
import type { ConsolidatedPage } from './consolidated-page.js';
import type { PageBook } from './page-book.js';
import type { PageManifest } from './page-types.js';
import { rankedKeywords } from './ranked-keywords.js';

/** Keywords a consolidated page's manifest names. */
const CONSOLIDATED_KEYWORDS = 8;

/** The terms of a bag ranked by (1 + log tf) × idf over the log now (ties: lower term id). @internal */
export function consolidatedKeywords(book: PageBook, page: ConsolidatedPage): string[] {
  return rankedKeywords(book.log, book.consolidation!.bag(page), CONSOLIDATED_KEYWORDS);
}

/** The most faithful fidelity the last view gave any of the page's units (`undefined` before any view). */
function activationOf(page: ConsolidatedPage, states: readonly UnitState[] | undefined, turn: number): PageManifest['activation'] {
  if (!states || turn === 0) return undefined;
  let best: PageManifest['activation'] = 'placeholder';
  for (let unit = page.first; unit <= page.last; unit++) {
    const fidelity = states[unit]?.fidelity;
    if (fidelity === 'full') return 'full';
    if (fidelity === 'compressed') best = 'compressed';
  }
  return best;
}

/** The manifest of a consolidated page (index state at `turn`; `states`: the units' last decisions, for its activation). @internal */
export function consolidatedManifest(book: PageBook, page: ConsolidatedPage, turn: number, states?: readonly UnitState[]): PageManifest {
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
    activation: activationOf(page, states, turn),
    staleness: consolidation.staleness(page, undefined).pages,
    sources: [...page.children],
    level: page.level,
    topic: page.topic,
    trigger: page.trigger,
    ...(page.parent === undefined ? {} : { parent: page.parent }),
    links,
  };
}
