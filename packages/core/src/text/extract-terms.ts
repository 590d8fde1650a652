/**
 * A compact English stopword list: function words that carry no topic. Terms are compared
 * lowercased and before stemming.
 */
export const STOPWORDS: ReadonlySet<string> = new Set([
  'a', 'about', 'above', 'after', 'again', 'against', 'all', 'also', 'am', 'an', 'and', 'any',
  'are', 'as', 'at', 'be', 'because', 'been', 'before', 'being', 'below', 'between', 'both',
  'but', 'by', 'can', 'could', 'did', 'do', 'does', 'doing', 'down', 'during', 'each', 'few',
  'for', 'from', 'further', 'had', 'has', 'have', 'having', 'he', 'her', 'here', 'hers',
  'herself', 'him', 'himself', 'his', 'how', 'i', 'if', 'in', 'into', 'is', 'it', 'its',
  'itself', 'just', 'me', 'more', 'most', 'my', 'myself', 'no', 'nor', 'not', 'now', 'of',
  'off', 'on', 'once', 'only', 'or', 'other', 'our', 'ours', 'ourselves', 'out', 'over', 'own',
  'same', 'she', 'should', 'so', 'some', 'such', 'than', 'that', 'the', 'their', 'theirs',
  'them', 'themselves', 'then', 'there', 'these', 'they', 'this', 'those', 'through', 'to',
  'too', 'under', 'until', 'up', 'very', 'was', 'we', 'were', 'what', 'when', 'where', 'which',
  'while', 'who', 'whom', 'why', 'will', 'with', 'would', 'yes', 'you', 'your', 'yours',
  'yourself', 'yourselves',
]);

/** Options for {@link extractTerms}. */
export interface ExtractTermsOptions {
  /**
   * The most terms to return (repeats count); extraction stops there, which bounds the cost of
   * huge inputs. `Infinity` extracts everything.
   * @default 2000
   */
  maxTerms?: number;
}

/** Default of {@link ExtractTermsOptions.maxTerms}. */
export const DEFAULT_MAX_TERMS = 2000;

/**
 * Tokens longer than this many UTF-16 units are dropped whole: they are blobs (base64, minified
 * code), not words. 64 keeps a SHA-256 hex digest.
 */
export const MAX_TOKEN_LENGTH = 64;

// Chinese and Japanese scripts (and the long-vowel mark ー), written without spaces.
const CJK = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\u30FC`;
// Longest piece one regex match takes, in code points. A `v`-flag class with astral ranges
// backtracks per character, so an unbounded `+` overflows the stack on a multi-megabyte run;
// longer runs come as consecutive pieces, told apart by their adjacency.
const MAX_PIECE = 256;
// Group 1: a CJK run. Otherwise a token: letters, combining marks (so Devanagari, Thai… words
// stay whole), digits and underscores. Built at run time: the `v` flag (set difference) is
// ES2024 syntax.
const TOKEN = new RegExp(String.raw`([${CJK}]{1,${MAX_PIECE}})|[[\p{L}\p{M}\p{N}_]--[${CJK}]]{1,${MAX_PIECE}}`, 'gv');
// Pure-ASCII texts (most tool output) take a plain class: same tokens, several times faster.
const ASCII_TOKEN = new RegExp(`[A-Za-z0-9_]{1,${MAX_PIECE}}`, 'g');
const NON_ASCII = /[^\x00-\x7f]/;
const UPPERCASE = /^\p{Lu}$/u;
const LOWERCASE = /^\p{Ll}$/u;
const STEMMABLE = /^[a-z0-9_]*[a-z]$/;
const VOWEL = /[aeiouy]/;

const OTHER = 0;
const LOWER = 1;
const UPPER = 2;
type Case = typeof OTHER | typeof LOWER | typeof UPPER;

function caseOf(char: string): Case {
  const code = char.charCodeAt(0);
  if (code < 128) {
    if (code >= 97 && code <= 122) return LOWER;
    if (code >= 65 && code <= 90) return UPPER;
    return OTHER;
  }
  if (UPPERCASE.test(char)) return UPPER;
  if (LOWERCASE.test(char)) return LOWER;
  return OTHER;
}

/**
 * Splits one underscore-free identifier at its camelCase boundaries: before an uppercase letter
 * that follows a lowercase letter or a digit (`getUser`, `v2Api`), and before the last capital
 * of a capital run followed by lowercase (`HTTPServer` → `HTTP`, `Server`), except a plural
 * `s` ending the identifier (`userIDs` → `user`, `IDs`). Letters and digits stay together
 * otherwise (`utf8`, `base64`).
 */
function splitCamelCase(segment: string, parts: string[]): void {
  const chars = Array.from(segment);
  let start = 0;
  for (let index = 1; index < chars.length; index++) {
    const current = caseOf(chars[index]!);
    if (current !== UPPER) continue;
    const previousChar = chars[index - 1]!;
    const previous = caseOf(previousChar);
    let boundary = previous === LOWER || (previous === OTHER && isDigit(previousChar));
    if (!boundary && previous === UPPER && index + 1 < chars.length) {
      const nextChar = chars[index + 1]!;
      const pluralEnd = nextChar === 's' && index + 2 === chars.length;
      boundary = caseOf(nextChar) === LOWER && !pluralEnd;
    }
    if (boundary) {
      parts.push(chars.slice(start, index).join(''));
      start = index;
    }
  }
  parts.push(start === 0 ? segment : chars.slice(start).join(''));
}

function isDigit(char: string): boolean {
  const code = char.charCodeAt(0);
  return code >= 48 && code <= 57;
}

function isSingleDigitOrLonger(term: string): boolean {
  if (term.length > 1) return true;
  return term.length === 1 && /^\p{N}$/u.test(term);
}

function endsWithDoubleConsonant(word: string): boolean {
  const last = word.charCodeAt(word.length - 1);
  if (last !== word.charCodeAt(word.length - 2)) return false;
  const char = word[word.length - 1]!;
  return !'aeiouylsz'.includes(char);
}

function stripPlural(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('es')) {
    const stem = word.slice(0, -2);
    if (/(?:ch|sh|ss|x|z)$/.test(stem)) return stem;
  }
  if (word.length >= 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

function stripVerbal(word: string): string {
  let stem: string | undefined;
  if (word.length > 4 && word.endsWith('ied')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ing')) stem = word.slice(0, -3);
  else if (word.endsWith('ed') && !word.endsWith('eed')) stem = word.slice(0, -2);
  if (stem === undefined || stem.length < 3 || !VOWEL.test(stem)) return word;
  return stem.length >= 4 && endsWithDoubleConsonant(stem) ? stem.slice(0, -1) : stem;
}

function stripAdverb(word: string): string {
  if (word.length >= 6 && word.endsWith('ly') && !word.endsWith('ply')) return word.slice(0, -2);
  return word;
}

/**
 * A light, deterministic English suffix stemmer, so `parse`, `parses`, `parsed` and `parsing`
 * share one term (`pars`). Expects a lowercased term; terms with characters outside `a-z`,
 * `0-9`, `_`, or not ending in a letter, are returned unchanged. Rules, in order:
 *
 * 1. plurals: `-ies` → `-y` (`queries` → `query`); `-es` after `ch`, `sh`, `ss`, `x`, `z`
 *    (`matches` → `match`); else `-s` unless the word ends in `ss`, `us` or `is`
 *    (`ids` → `id`, `status` kept);
 * 2. verb endings: `-ied` → `-y`; `-ing` and `-ed` (not `-eed`) when at least 3 letters with a
 *    vowel stay (`string`, `need` kept), undoubling a final consonant (`running` → `run`);
 * 3. adverbs: `-ly` when at least 4 letters stay, not `-ply` (`quickly` → `quick`, `apply` kept);
 * 4. a final `e` (not `ee`) when at least 3 letters stay (`parse` → `pars`, `use` kept).
 *
 * It conflates more than it separates; the terms are keys, not words to show.
 */
export function stemTerm(term: string): string {
  if (term.length < 3 || !STEMMABLE.test(term)) return term;
  let word = stripAdverb(stripVerbal(stripPlural(term)));
  if (word.length >= 4 && word.endsWith('e') && !word.endsWith('ee')) word = word.slice(0, -1);
  return word;
}

/**
 * The terms of one token of letters, digits and `_` (no CJK): what {@link extractTerms} yields
 * for it. Lets a caller cache terms per distinct token.
 */
export function termsOfToken(rawToken: string): string[] {
  const terms: string[] = [];
  pushToken(terms, rawToken, Number.POSITIVE_INFINITY, []);
  return terms;
}

function pushTerm(terms: string[], term: string): void {
  if (!isSingleDigitOrLonger(term) || STOPWORDS.has(term)) return;
  pushStem(terms, stemTerm(term));
}

/** Stemming can land on a stopword (`sos` → `so`): such stems are dropped too. */
function pushStem(terms: string[], stem: string): void {
  if (stem.length > 0 && !STOPWORDS.has(stem)) terms.push(stem);
}

/**
 * Extracts search terms from text, deterministically and in linear time. Rules:
 *
 * - a token is a maximal run of unicode letters, combining marks, digits and `_`; everything
 *   else separates; tokens longer than {@link MAX_TOKEN_LENGTH} are dropped (blobs);
 * - Chinese and Japanese (Han, Hiragana, Katakana), written without spaces, give overlapping
 *   character bigrams instead (`検索エンジン` → `検索`, `索エ`, `エン`, `ンジ`, `ジン`), unstemmed;
 * - a token is split into parts at underscores and camelCase boundaries (`getUserById` →
 *   `get`, `user`, `by`, `id`; `HTTPServer` → `http`, `server`); when it has several parts,
 *   the whole token, lowercased with outer underscores trimmed, is a term too (`getuserbyid`,
 *   `get_user`), so exact identifiers still match;
 * - parts are lowercased; {@link STOPWORDS} and 1-character parts are dropped, except digits;
 *   numbers stay terms (`42`, `2024`);
 * - every term is stemmed with {@link stemTerm}.
 *
 * Terms come in text order, each identifier's whole term before its parts, repeats kept (term
 * frequency counts them). At most `maxTerms` are returned.
 *
 * @example
 * ```ts
 * extractTerms('getUserById failed for 42 users');
 * // ['getuserbyid', 'get', 'user', 'id', 'fail', '42', 'user']
 * ```
 */
export function extractTerms(text: string, { maxTerms = DEFAULT_MAX_TERMS }: ExtractTermsOptions = {}): string[] {
  if (!(maxTerms >= 0) || (Number.isFinite(maxTerms) && !Number.isInteger(maxTerms))) {
    throw new RangeError(`Invalid maxTerms ${maxTerms}: use a whole number from 0, or Infinity.`);
  }
  const terms: string[] = [];
  if (maxTerms === 0) return terms;
  const parts: string[] = [];
  let tokenEnd = -1;
  let cjkEnd = -1;
  let cjkTail = '';
  const pattern = NON_ASCII.test(text) ? TOKEN : ASCII_TOKEN;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null && terms.length < maxTerms; match = pattern.exec(text)) {
    const piece = match[0];
    const continues = match.index === (match[1] === undefined ? tokenEnd : cjkEnd);
    if (match[1] === undefined) {
      tokenEnd = match.index + piece.length;
      // A piece continuing a run is a run longer than MAX_PIECE: a blob, dropped whole.
      if (!continues) pushToken(terms, piece, maxTerms, parts);
    } else {
      cjkEnd = match.index + piece.length;
      pushBigrams(terms, continues ? cjkTail + piece : piece, maxTerms);
      cjkTail = lastCodePoint(piece);
    }
  }
  pattern.lastIndex = 0;
  if (terms.length > maxTerms) terms.length = maxTerms;
  return terms;
}

function pushToken(terms: string[], rawToken: string, maxTerms: number, parts: string[]): void {
  const token = trimUnderscores(rawToken);
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return;
  const lower = token.toLowerCase();
  if (lower === token && !token.includes('_')) {
    pushTerm(terms, lower);
    return;
  }
  parts.length = 0;
  for (const segment of token.split('_')) if (segment.length > 0) splitCamelCase(segment, parts);
  if (parts.length > 1) pushStem(terms, stemTerm(lower));
  for (const part of parts) {
    if (terms.length >= maxTerms) return;
    pushTerm(terms, part.toLowerCase());
  }
}

/** A run of CJK characters becomes its overlapping character bigrams (one character: itself). */
function pushBigrams(terms: string[], run: string, maxTerms: number): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    terms.push(run);
    return;
  }
  for (let index = 0; index + 1 < chars.length && terms.length < maxTerms; index++) {
    terms.push(chars[index]! + chars[index + 1]!);
  }
}

function lastCodePoint(text: string): string {
  const last = text.charCodeAt(text.length - 1);
  const isLowSurrogate = last >= 0xdc00 && last <= 0xdfff && text.length >= 2;
  return text.slice(isLowSurrogate ? -2 : -1);
}

function trimUnderscores(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && token.charCodeAt(start) === 95) start++;
  while (end > start && token.charCodeAt(end - 1) === 95) end--;
  return start === 0 && end === token.length ? token : token.slice(start, end);
}
