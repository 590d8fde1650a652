import { cosine, extractTerms, neutralizeMarkup } from '../text/index.js';
import type { ConsolidatedPage } from './consolidated-page.js';
import { consolidatedKeywords } from './consolidated-manifest.js';
import type { PageBook } from './page-book.js';
import { topologyLine } from './page-topology.js';
import { pickSummaryLines, scoreSummaryLines } from './pick-summary-lines.js';

/** First line of the page index. */
export const PAGE_INDEX_HEADER = '[cairn:page-index] Consolidated pages of the history (consult an id: Summary → Detail → Unpacked, then its sub-pages; shelve folds back):';
/** First line of the page index with `indexLines: 'ids'` (bare ids follow, packed {@link INDEX_IDS_PER_LINE} to a line). */
export const PAGE_INDEX_IDS_HEADER = '[cairn:page-index] older pages (consult an id for its summary):';
/** Last line of an `indexLines: 'ids'` index that could not list every page. */
const IDS_MORE = (left: number) => `… ${left} more pages not listed`;
/** Ids on one page index line with `indexLines: 'ids'`. */
export const INDEX_IDS_PER_LINE = 10;
/** Reason recorded when the page index's share shelves a consulted consolidated page. */
export const INDEX_PRESSURE_REASON = 'budget pressure: the page index is full, the oldest consult is shelved first';
/** Keywords on one index line. */
const LINE_KEYWORDS = 5;
/** Characters of an original sub-page's summary an Unpacked listing shows. */
const HEAD_CHARS = 90;

/** What {@link renderPageIndex} needs. @internal */
export interface PageIndexRequest {
  /** The question of the turn (ranks the Summary lines when not all fit). */
  query: string | undefined;
  /** Tokens the index may take. */
  allowance: number;
  count: (text: string) => number;
  turn: number;
  /** List the pages in Summary too (the page index); `false`: only consulted pages. @default true */
  listSummaries?: boolean;
}

function head(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max).replace(/\s\S*$/, '')}…`;
}

/** One line naming a page: id, view when not Summary, the range as a placeholder run names it, size, keywords. */
function pageLine(book: PageBook, page: ConsolidatedPage, indent: string): string {
  const view = book.consolidation!.viewOf(page.id);
  const { units } = book.log;
  if (view === 'Summary' && book.consolidation!.options.indexLines === 'compact') return `${indent}- ${page.id} [${consolidatedKeywords(book, page).slice(0, 3).join(', ')}]`;
  const size = page.level === 1 ? `${page.children.length} pages` : `${page.children.length} consolidated pages`;
  return `${indent}- ${page.id}${view === 'Summary' ? '' : ` (${view})`} ${units[page.first]!.id}..${units[page.last]!.id} (${size}) [${consolidatedKeywords(book, page).slice(0, LINE_KEYWORDS).join(', ')}]`;
}

/**
 * The lines of one page at its view: Summary one line; Detail the line, its topology and its
 * summary; Unpacked the line, its topology and its sub-pages at their own views (original
 * sub-pages as id, message id, view, keywords and the head of their summary).
 * Returns the lines that must stay together first, then lines that may be cut (a Detail summary).
 */
function pageBlock(book: PageBook, page: ConsolidatedPage, indent: string): { fixed: string[]; optional: string[] } {
  const consolidation = book.consolidation!;
  const view = consolidation.viewOf(page.id);
  const fixed = [neutralizeMarkup(pageLine(book, page, indent))];
  if (view === 'Summary') return { fixed, optional: [] };
  const topology = topologyLine(consolidation.topology(page));
  if (topology) fixed.push(`${indent}  ${neutralizeMarkup(topology)}`);
  if (view === 'Detail') return { fixed, optional: consolidation.summary(page).split('\n').map((line) => `${indent}  ${neutralizeMarkup(line)}`) };
  const optional: string[] = [];
  for (const childId of page.children) {
    const child = consolidation.get(childId);
    if (child) {
      const block = pageBlock(book, child, `${indent}  `);
      fixed.push(...block.fixed);
      optional.push(...block.optional);
      continue;
    }
    const unit = book.resolve(childId)!;
    const manifest = book.manifest(unit);
    const state = manifest.view === 'Summary' ? '' : ' (Detail: in full in the history)';
    fixed.push(neutralizeMarkup(`${indent}  - ${childId} id=${book.log.units[unit]!.id}${state} [${manifest.keywords.slice(0, 3).join(', ')}] ${head(manifest.summary, HEAD_CHARS)}`));
  }
  return { fixed, optional };
}

/**
 * Renders the page index shown after the history: one line per top-level consolidated page
 * (id, the range `first..last` a placeholder run names, size, keywords), consulted ones at their
 * view (Detail: topology and summary; Unpacked: topology and sub-pages). Within `allowance`:
 * consulted pages first — while their fixed lines do not fit, the oldest consult is shelved
 * (a trace step by cairn) —, then a Detail summary's lines while they fit, then Summary lines
 * ranked by cosine with the query (ties: the later page; heat is not read, so a consult then a shelve gives the same index again), shown in log order; the rest
 * are counted on a last line. `undefined` when there is no consolidated page or nothing fits. @internal
 */
export function renderPageIndex(book: PageBook, { query, allowance, count, turn, listSummaries = true }: PageIndexRequest): string | undefined {
  const consolidation = book.consolidation;
  if (!consolidation) return undefined;
  const roots = consolidation.roots();
  if (roots.length === 0) return undefined;
  const idsOnly = consolidation.options.indexLines === 'ids';
  const header = idsOnly ? PAGE_INDEX_IDS_HEADER : PAGE_INDEX_HEADER;
  let used = count(header) + 1;
  const cost = (lines: readonly string[]) => lines.reduce((sum, line) => sum + count(line) + 1, 0);
  // Consulted pages: the oldest consult goes first while their fixed lines do not fit.
  let blocks = new Map<string, { fixed: string[]; optional: string[] }>();
  for (;;) {
    blocks = new Map(roots.filter((page) => consolidation.viewOf(page.id) !== 'Summary').map((page) => [page.id, pageBlock(book, page, '')]));
    const fixed = [...blocks.values()].reduce((sum, block) => sum + cost(block.fixed), 0);
    if (used + fixed <= allowance || consolidation.zoom.size === 0) break;
    const oldest = [...consolidation.zoom].sort((a, b) => a[1].since - b[1].since)[0]![0];
    consolidation.zoom.delete(oldest);
    book.replanPending = true;
    book.record({ action: 'Shelve', targets: [oldest], reason: INDEX_PRESSURE_REASON, turn, auto: true });
  }
  for (const block of blocks.values()) used += cost(block.fixed);
  if (used > allowance) return undefined;
  const shown = new Map<string, string[]>();
  const wanted = query === undefined ? undefined : book.log.vectoriser.vector(query);
  for (const [id, block] of blocks) {
    const lines = [...block.fixed];
    // Not all lines fit: those that best match the question (the seed's relevance selection), in order.
    const scores = query === undefined ? undefined : scoreSummaryLines(block.optional, extractTerms(query), (line) => extractTerms(line));
    const picked = pickSummaryLines(block.optional, allowance - used - 24, (line) => count(line) + 1, scores);
    for (const index of picked) {
      lines.push(block.optional[index]!);
      used += count(block.optional[index]!) + 1;
    }
    const cut = block.optional.length - picked.length;
    if (cut > 0) {
      const note = `  … ${cut} more summary lines: consult ${id} again to unpack it`;
      lines.push(note);
      used += count(note) + 1;
    }
    shown.set(id, lines);
  }
  const ranked = roots
    .map((page, order) => ({ page, order, score: wanted ? cosine(wanted, book.log.vectoriser.vectorOfBag(consolidation.bag(page))) : 0 }))
    .filter(({ page }) => listSummaries && !shown.has(page.id))
    .sort((a, b) => b.score - a.score || b.order - a.order);
  const reserve = count('… 99999 more consolidated pages not listed (m1..m2); a placeholder run lists its pages') + 2 * book.maxIdTokens + 1;
  if (idsOnly) return idsIndex(header, roots, shown, ranked.map(({ page }) => page), { used, allowance, reserve: count(IDS_MORE(99999)) + 1, count, listSummaries });
  let left = 0;
  for (const { page } of ranked) {
    const line = neutralizeMarkup(pageLine(book, page, ''));
    const tokens = count(line) + 1;
    if (left === 0 && used + tokens + reserve <= allowance) {
      shown.set(page.id, [line]);
      used += tokens;
    } else left++;
  }
  if (shown.size === 0) return undefined;
  const lines = [header];
  for (const page of roots) lines.push(...(shown.get(page.id) ?? []));
  if (left > 0 && listSummaries) lines.push(`… ${left} more consolidated pages not listed; a placeholder run's from..to lists its pages`);
  return lines.join('\n');
}

/**
 * The page index with `indexLines: 'ids'`: the consulted pages' blocks (log order), then the ids
 * of pages in Summary, best-ranked first while they fit — all of them when they all fit, else
 * within `allowance` less the reserve for the closing count line —, packed
 * {@link INDEX_IDS_PER_LINE} to a line in log order.
 */
function idsIndex(
  header: string,
  roots: readonly ConsolidatedPage[],
  shown: ReadonlyMap<string, string[]>,
  ranked: readonly ConsolidatedPage[],
  { used, allowance, reserve, count, listSummaries }: { used: number; allowance: number; reserve: number; count: (text: string) => number; listSummaries: boolean },
): string | undefined {
  const pick = (limit: number): Set<string> => {
    const picked = new Set<string>();
    let spent = used;
    for (const page of ranked) {
      const tokens = count(` ${page.id}`) + (picked.size % INDEX_IDS_PER_LINE === 0 ? count('-') + 1 : 0);
      if (spent + tokens > limit) break;
      picked.add(page.id);
      spent += tokens;
    }
    return picked;
  };
  const all = pick(allowance);
  const listed = all.size === ranked.length ? all : pick(allowance - reserve);
  if (shown.size === 0 && listed.size === 0) return undefined;
  const lines = [header];
  for (const page of roots) lines.push(...(shown.get(page.id) ?? []));
  const ids = roots.filter((page) => listed.has(page.id)).map((page) => page.id);
  for (let at = 0; at < ids.length; at += INDEX_IDS_PER_LINE) lines.push(`- ${ids.slice(at, at + INDEX_IDS_PER_LINE).join(' ')}`);
  const left = ranked.length - listed.size;
  if (left > 0 && listSummaries) lines.push(IDS_MORE(left));
  return lines.join('\n');
}
