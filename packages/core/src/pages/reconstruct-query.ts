import { extractTerms } from '../text/index.js';
import { contentText } from '../log/index.js';
import type { PageBook } from './page-book.js';

/**
 * Terms (stemmed, as `extractTerms` gives them) that carry no topic of their own: what "continue",
 * "next step", "go on", "anything else?", "ok, more please" are made of.
 */
const GENERIC_TERMS: ReadonlySet<string> = new Set(
  ['continu', 'next', 'step', 'go', 'goe', 'going', 'on', 'ok', 'okay', 'yes', 'yeah', 'sure', 'more', 'els', 'anyth', 'someth', 'proceed', 'keep', 'carri', 'carry', 'pleas', 'thank', 'thanks', 'right', 'fine', 'good', 'great', 'again', 'then', 'now', 'done', 'and', 'what', 'whatev', 'do', 'let', 'start', 'finish', 'resum', 'same'].flatMap((term) => extractTerms(term).concat(term)),
);
/** A query with fewer specific terms than this is low-information (documented threshold). */
export const MIN_SPECIFIC_TERMS = 1;
/** Characters of earlier summaries joined to a low-information query (the scoring input only). */
const MAX_CONTEXT_CHARS = 2_000;

/**
 * The specific terms of a query: its content terms (stopwords dropped, stemmed) that are not
 * generic continuation words. "continue", "next step" and "anything else?" have none; "retry the
 * migration" has one ("migrat").
 */
export function specificTerms(query: string): string[] {
  return extractTerms(query).filter((term) => !GENERIC_TERMS.has(term));
}

/**
 * PCP intent reconstruction, by the host, deterministically: a query with fewer than
 * {@link MIN_SPECIFIC_TERMS} specific terms carries too little to match pages by, so the summary
 * of the previous round (the latest user page with specific terms and every page after it, at most
 * 2,000 characters, newest kept) is joined to it before scoring. Any other query is returned as
 * it is.
 *
 * @returns The query to score with, and whether it was reconstructed.
 * @internal
 */
export function reconstructQuery(book: PageBook, query: string): { query: string; reconstructed: boolean } {
  if (specificTerms(query).length >= MIN_SPECIFIC_TERMS) return { query, reconstructed: false };
  const { log } = book;
  const parts: string[] = [];
  let chars = 0;
  for (let unit = log.units.length - 1; unit >= 0 && chars < MAX_CONTEXT_CHARS; unit--) {
    const lead = log.entries[log.units[unit]!.positions[0]!]!.message;
    const isUser = log.units[unit]!.kind === 'user';
    if (isUser && specificTerms(contentText(lead.content)).length < MIN_SPECIFIC_TERMS) continue;
    const text = book.summary(unit).slice(-(MAX_CONTEXT_CHARS - chars));
    parts.unshift(text);
    chars += text.length;
    if (isUser) break;
  }
  if (parts.length === 0) return { query, reconstructed: false };
  return { query: `${parts.join('\n')}\n${query}`, reconstructed: true };
}
