import { cosine, neutralizeMarkup } from '../text/index.js';
import type { PageBook } from './page-book.js';

/** Pages one listing names (of a longer range: those that best match the consult's reason). */
export const MAX_LISTED_PAGES = 12;
/** Characters of a page's summary a listing shows. */
const SUMMARY_CHARS = 100;
/** `first..last`: page ids, or the message ids a placeholder run names (`from=… to=…`). */
const RANGE = /^(.+?)\.\.(.+)$/;

/**
 * The units of a range `first..last` (page or message ids, in either order), if both name pages.
 * A consolidated page's id stands for its first unit on the left and its last on the right, so
 * `id..id` lists the pages a consolidated page holds (the Background_Context block names them so). @internal
 */
export function parseRange(book: PageBook, value: string): { first: number; last: number } | undefined {
  const match = RANGE.exec(value);
  if (!match) return undefined;
  const first = book.resolve(match[1]!) ?? book.consolidation?.get(match[1]!)?.first;
  const last = book.resolve(match[2]!) ?? book.consolidation?.get(match[2]!)?.last;
  if (first === undefined || last === undefined) return undefined;
  return first <= last ? { first, last } : { first: last, last: first };
}

function head(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= SUMMARY_CHARS ? flat : `${flat.slice(0, SUMMARY_CHARS).replace(/\s\S*$/, '')}…`;
}

/**
 * Lists the pages of one or more ranges, one line each: page id, view, its keywords and the head
 * of its summary (the seed's Unpacked view of placeholder runs, as text). More than
 * {@link MAX_LISTED_PAGES} pages in all: those that best match `reason` (lexical cosine; ties: the
 * earlier page), in log order, and how many were left out. @internal
 */
export function listRanges(book: PageBook, ranges: readonly { first: number; last: number }[], reason: string): string {
  const { log } = book;
  const all = new Set<number>();
  for (const { first, last } of ranges) for (let unit = first; unit <= last; unit++) all.add(unit);
  let units = [...all].sort((a, b) => a - b);
  const total = units.length;
  if (total > MAX_LISTED_PAGES) {
    const wanted = log.vectoriser.vector(reason);
    const scores = new Map(units.map((unit) => [unit, cosine(wanted, log.unitFeatures(unit).vector)]));
    units = units
      .sort((a, b) => scores.get(b)! - scores.get(a)! || a - b)
      .slice(0, MAX_LISTED_PAGES)
      .sort((a, b) => a - b);
  }
  const lines = units.map((unit) => {
    const page = book.manifest(unit);
    return `  page=${page.id} (${page.view}) [${page.keywords.join(', ')}] ${neutralizeMarkup(head(page.summary))}`;
  });
  if (total > units.length) lines.push(`  … ${total - units.length} more pages in these ranges; the ${units.length} above match your reason best (give a more specific reason, or consult a narrower range).`);
  return lines.join('\n');
}
