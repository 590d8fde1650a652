import { neutralizeMarkup } from '../text/index.js';
import { consolidatedKeywords } from './consolidated-manifest.js';
import type { PageBook } from './page-book.js';

/** First line of the Background_Context block (`pages.consolidation.background`). */
export const BACKGROUND_HEADER = '[cairn:background] Pages folded out of the history, oldest first (consult an id to see its summary, id..id to list its pages):';
/**
 * First line of a later Background_Context block: a turn that frees more history folds it into a
 * block of its own after the earlier ones, which stay byte for byte (a prompt cache keeps them).
 */
export const BACKGROUND_MORE_HEADER = '[cairn:background] More pages folded out of the history, oldest first:';
/** Entries on one line of the block. */
export const BACKGROUND_ENTRIES_PER_LINE = 10;
/** Keywords an entry with keywords shows. */
export const BACKGROUND_KEYWORDS = 2;

/** One page the block names: its id and, for the best-ranked pages, a few keywords. @internal */
export interface BackgroundEntry {
  id: string;
  keywords?: readonly string[];
}

/**
 * The page a folded unit belongs to in the block: its top-level consolidated page, or its original
 * page when no consolidated page holds it yet (or consolidation is off). @internal
 */
export function foldedPageOf(book: PageBook, unit: number): string {
  return book.consolidation ? book.consolidation.outermostOf(unit) : book.idOf(unit);
}

/**
 * {@link foldedPageOf} for many units of one turn, with the last unit of the page found (`last`:
 * every unit from the one asked for up to it is on the same page). @internal
 */
export interface FoldedPageCursor {
  /** The page `unit` belongs to in the block. */
  page(unit: number): string;
  /** The last unit of the page the last call to `page` returned. */
  readonly last: number;
}

/**
 * A {@link FoldedPageCursor} over `book`: the top-level pages are read once (sorted by their first
 * unit, they do not overlap). Units asked for in increasing order (a fold walks the history once)
 * move the cursor forward over them; a unit before the cursor's page is found by binary search.
 * @internal
 */
export function foldedPageCursor(book: PageBook): FoldedPageCursor {
  const roots = book.consolidation?.roots() ?? [];
  // The first top-level page that does not end before the last unit asked for.
  let at = 0;
  let last = -1;
  return {
    get last() {
      return last;
    },
    page(unit) {
      if (at > 0 && unit <= roots[at - 1]!.last) {
        let low = 0;
        let high = at - 1;
        while (low < high) {
          const middle = (low + high) >> 1;
          if (roots[middle]!.last < unit) low = middle + 1;
          else high = middle;
        }
        at = low;
      }
      while (at < roots.length && roots[at]!.last < unit) at++;
      const root = roots[at];
      if (root !== undefined && root.first <= unit) {
        last = root.last;
        return root.id;
      }
      last = unit;
      return book.idOf(unit);
    },
  };
}

/**
 * Keywords the block computed, per book, while its log holds the same entries (a page's keywords
 * weigh its terms by the log's document frequencies, which only an appended message changes).
 */
const keywordMemo = new WeakMap<PageBook, { entries: number; words: Map<string, string[]> }>();

/** The first keywords of a page the block names (a consolidated page's, else the original page's). @internal */
export function backgroundKeywords(book: PageBook, id: string): string[] {
  const entries = book.log.entries.length;
  let memo = keywordMemo.get(book);
  if (!memo || memo.entries !== entries) keywordMemo.set(book, (memo = { entries, words: new Map() }));
  let words = memo.words.get(id);
  if (words === undefined) {
    const page = book.consolidation?.get(id);
    const unit = page ? undefined : book.resolve(id);
    words = page ? consolidatedKeywords(book, page).slice(0, BACKGROUND_KEYWORDS) : unit === undefined ? [] : book.keywords(unit).slice(0, BACKGROUND_KEYWORDS);
    memo.words.set(id, words);
  }
  return [...words];
}

/** One entry as the block shows it: `id` or `id (kw, kw)`. @internal */
export function backgroundEntryText(entry: BackgroundEntry): string {
  if (!entry.keywords || entry.keywords.length === 0) return entry.id;
  return `${entry.id} (${entry.keywords.map((word) => neutralizeMarkup(word.replace(/[()\n]/g, ' ').trim())).join(', ')})`;
}

/**
 * The Background_Context block (the seed's dual-decay overflow): a header, then the folded pages'
 * entries in log order, {@link BACKGROUND_ENTRIES_PER_LINE} to a line. Ids are hex and keywords
 * are escaped, so nothing in it can pass for one of cairn's markers. `more`: a later block
 * ({@link BACKGROUND_MORE_HEADER}). `from`: the text this function made of the first `count` of
 * `entries` (with the same `more`); the text goes on from it (a block extended by more pages
 * renders only the new entries). @internal
 */
export function renderBackgroundContext(entries: readonly BackgroundEntry[], more = false, from?: { readonly text: string; readonly count: number }): string {
  let text = from ? from.text : more ? BACKGROUND_MORE_HEADER : BACKGROUND_HEADER;
  let at = from ? from.count : 0;
  // The last line of `from` goes on while it has room.
  if (at % BACKGROUND_ENTRIES_PER_LINE !== 0 && at < entries.length) {
    const end = Math.min(entries.length, at - (at % BACKGROUND_ENTRIES_PER_LINE) + BACKGROUND_ENTRIES_PER_LINE);
    text += ` ${entries.slice(at, end).map(backgroundEntryText).join(' ')}`;
    at = end;
  }
  for (; at < entries.length; at += BACKGROUND_ENTRIES_PER_LINE) {
    text += `\n- ${entries.slice(at, at + BACKGROUND_ENTRIES_PER_LINE).map(backgroundEntryText).join(' ')}`;
  }
  return text;
}
