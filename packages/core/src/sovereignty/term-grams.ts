import { DIALOGUE_FILLER } from './dialogue-acts.js';

/** Characters a word keeps as its stem, and the fewest a content word has (truncation stemming, a language-free stemmer). */
export const STEM_LENGTH = 5;

/** The content stems of terms: those of at least {@link STEM_LENGTH} characters, cut to that length (`tarifas` → `tarif`, `cancelación` → `cance`). Courtesy words left out. */
export function contentStems(terms: Iterable<string>): Set<string> {
  const stems = new Set<string>();
  for (const term of terms) {
    if (DIALOGUE_FILLER.has(term)) continue;
    const chars = Array.from(term);
    if (chars.length >= STEM_LENGTH) stems.add(chars.slice(0, STEM_LENGTH).join(''));
  }
  return stems;
}

/**
 * Share of a reply's content stems that earlier replies already had: how much of its substance
 * it restates — in any language, across inflections (`tarifas Básicas` and `una tarifa Básica`,
 * `cancelar` and `cancelación`); short words (articles, pronouns in any language) left out.
 * 0 for a reply with no content stems.
 */
export function restatedStemShare(reply: Iterable<string>, earlier: ReadonlySet<string>): number {
  const stems = contentStems(reply);
  if (stems.size === 0) return 0;
  let shared = 0;
  for (const stem of stems) if (earlier.has(stem)) shared++;
  return shared / stems.size;
}
