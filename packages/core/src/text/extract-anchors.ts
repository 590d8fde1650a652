import type { AnchorKind } from './anchor-kind.js';
import { classifyWord, isPath, NAME_STOPWORDS, PHRASE_PREFILTERS, PHRASES, SENTENCE_END, SKIP_BEFORE_SENTENCE } from './anchor-patterns.js';
import { isRegExpSpace } from './regexp-space.js';

export type { AnchorKind } from './anchor-kind.js';

/** One anchor found in a text. */
export interface Anchor {
  kind: AnchorKind;
  /** The anchor exactly as written: `text === source.slice(index, index + text.length)`. */
  text: string;
  /** Offset of the anchor in the source text (UTF-16 code units). */
  index: number;
}

/** Options for {@link extractAnchors}. */
export interface ExtractAnchorsOptions {
  /**
   * At most this many anchors are returned (the first ones in text order).
   * @default 200
   */
  maxAnchors?: number;
}

/** Default of {@link ExtractAnchorsOptions.maxAnchors}. */
export const DEFAULT_MAX_ANCHORS = 200;


interface Span {
  kind: AnchorKind;
  start: number;
  end: number;
}

/** True when the word at `index` starts a sentence (text start, line start, or after `.!?`). */
function isSentenceStart(text: string, index: number): boolean {
  for (let position = index - 1, steps = 0; position >= 0 && steps < 16; position--, steps++) {
    const char = text[position]!;
    if (char === '\n') return true;
    if (SENTENCE_END.test(char)) return true;
    if (!SKIP_BEFORE_SENTENCE.test(char)) return false;
  }
  return true;
}

function isTrimmedLead(char: string): boolean {
  return char === '*' || char === ':' || char === '!' || char === '?';
}

function isTrimmedTail(char: string): boolean {
  return char === '.' || char === ':' || char === '!' || char === '?' || char === '*' || char === '…';
}

/**
 * The phrase patterns compiled once: each scan sets `lastIndex` to 0 before it starts
 * and runs to completion before the next (nothing here re-enters), so sharing them is safe and
 * saves compiling nine expressions per segment compressed.
 */
const PHRASE_SCANNERS: ReadonlyArray<readonly [AnchorKind, RegExp]> = PHRASES.map(([kind, pattern]) => [kind, new RegExp(pattern.source, pattern.flags)] as const);

/** Most words {@link classifyCached} remembers before it starts afresh (bounded memory). */
const MAX_CLASSIFIED_WORDS = 8192;
/** What {@link classified} holds for a word that is no anchor (one lookup finds it, unlike `undefined`). */
const PLAIN = 'plain';
const classified = new Map<string, AnchorKind | 'name?' | typeof PLAIN>();

/**
 * {@link classifyWord}, remembered per word: a log repeats its vocabulary, and classifying runs
 * some thirty expressions. A pure function's memo: the result never depends on what is cached.
 */
function classifyCached(word: string, followedByParen: boolean): AnchorKind | 'name?' | undefined {
  // A scanned word never holds `(` (the word pattern splits on it), so the prefix cannot collide.
  const key = followedByParen ? `(${word}` : word;
  const known = classified.get(key);
  if (known !== undefined) return known === PLAIN ? undefined : known;
  const kind = classifyWord(word, followedByParen);
  if (classified.size >= MAX_CLASSIFIED_WORDS) classified.clear();
  classified.set(key, kind ?? PLAIN);
  return kind;
}

/**
 * Which of the phrase patterns a text's prefilters let through ({@link PHRASE_PREFILTERS}; `true`
 * for a pattern without one). A prefilter asks for a literal part of every match, so a pattern a
 * text fails can match in no part of that text either: a caller about to extract the anchors of
 * many parts of one text (`compressText`'s segments) tests the prefilters once on the whole text
 * and passes the result to {@link extractAnchorsOf}. @internal
 */
export function phrasePatternsIn(text: string): boolean[] {
  return PHRASE_PREFILTERS.map((prefilter) => prefilter === undefined || prefilter(text));
}

/** Phrase anchors, sorted and without overlaps (earlier first; on a tie, longer first). */
function findPhrases(text: string, cap: number, patterns: readonly boolean[] | undefined): Span[] {
  const spans: Span[] = [];
  for (let pattern = 0; pattern < PHRASE_SCANNERS.length; pattern++) {
    if (patterns !== undefined && !patterns[pattern]) continue;
    const prefilter = PHRASE_PREFILTERS[pattern];
    if (prefilter !== undefined && !prefilter(text)) continue;
    const [kind, regex] = PHRASE_SCANNERS[pattern]!;
    regex.lastIndex = 0;
    let found = 0;
    for (let match = regex.exec(text); match !== null && found < cap; match = regex.exec(text)) {
      let end = match.index + match[0].length;
      if (kind === 'url') end = trimUrlEnd(text, match.index, end);
      spans.push({ kind, start: match.index, end });
      found++;
    }
  }
  spans.sort((left, right) => left.start - right.start || right.end - left.end);
  const accepted: Span[] = [];
  let lastEnd = 0;
  for (const span of spans) {
    if (span.start < lastEnd) continue;
    accepted.push(span);
    lastEnd = span.end;
  }
  return accepted;
}

function trimUrlEnd(text: string, start: number, end: number): number {
  let opens = 0;
  for (let index = start; index < end; index++) if (text[index] === '(') opens++;
  while (end > start) {
    const char = text[end - 1]!;
    if ('.,;:!?\'"*'.includes(char)) end--;
    else if (char === ')' && opens === 0) end--;
    else if (char === ']' || char === '}') end--;
    else break;
  }
  return end;
}

/** `value` floored and at least 0; `fallback` when undefined or NaN. @internal */
export function positiveInteger(value: number | undefined, fallback: number): number {
  if (value === undefined || Number.isNaN(value)) return fallback;
  return Math.max(0, Math.floor(value));
}

/**
 * True when the code unit at `index` belongs to a word of the scan: what `WORD` in
 * `anchor-patterns.ts` matches one character at a time — anything but blanks and
 * ``"'`<>{}[](),;|=``, and a comma between a digit and exactly three digits (`1,250`).
 */
function isWordCharacter(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  switch (code) {
    case 34: // "
    case 39: // '
    case 96: // `
    case 60: // <
    case 62: // >
    case 123: // {
    case 125: // }
    case 91: // [
    case 93: // ]
    case 40: // (
    case 41: // )
    case 59: // ;
    case 124: // |
    case 61: // =
      return false;
    case 44: // ,
      return isDigitAt(text, index - 1) && isDigitAt(text, index + 1) && isDigitAt(text, index + 2) && isDigitAt(text, index + 3) && !isDigitAt(text, index + 4);
    default:
      return !isRegExpSpace(code);
  }
}

function isDigitAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 48 && code <= 57;
}

/** Where the next word starts at or after `from` (`text.length`: none). */
function nextWordStart(text: string, from: number): number {
  let index = from;
  while (index < text.length && !isWordCharacter(text, index)) index++;
  return index;
}

/** Where the word that starts at `start` ends (the longest run of word characters: the pattern is greedy). */
function wordEnd(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length && isWordCharacter(text, index)) index++;
  return index;
}

/** A run of capitalised words that may be a name, while {@link extractAnchors} scans. */
interface NameRun {
  start: number;
  end: number;
  secondStart: number;
  words: number;
  firstWord: string;
}

function emit(text: string, anchors: Anchor[], kind: AnchorKind, start: number, end: number): void {
  anchors.push({ kind, text: text.slice(start, end), index: start });
}

/** Emits the run as a name if it is one (two or more words, or one not at a sentence start), and ends it. */
function flushRun(text: string, anchors: Anchor[], run: NameRun): void {
  if (run.words === 0) return;
  const atStart = isSentenceStart(text, run.start);
  const stopword = NAME_STOPWORDS.has(run.firstWord.toLowerCase());
  if (run.words >= 2) emit(text, anchors, 'name', stopword ? run.secondStart : run.start, run.end);
  else if (!atStart && !stopword) emit(text, anchors, 'name', run.start, run.end);
  run.words = 0;
}

/**
 * Finds the logical anchors of a text: ids, numbers, paths, urls, code identifiers, names,
 * errors, negations and decisions. Extractive and deterministic; anchors come in text order and
 * never overlap. Linear in the length of the text: the scan stops once `maxAnchors` are found.
 *
 * Names are capitalised words (runs like `Ada Lovelace` become one anchor) that do not start a
 * sentence; a capitalised run at a sentence start counts when it has two or more words.
 *
 * @example
 * ```ts
 * extractAnchors('Never retry PNR 4XK9QZ; see src/book.py:42');
 * // [{ kind: 'negation', text: 'Never', index: 0 }, { kind: 'id', text: '4XK9QZ', index: 16 },
 * //  { kind: 'path', text: 'src/book.py:42', index: 28 }]
 * ```
 */
export function extractAnchors(text: string, options: ExtractAnchorsOptions = {}): Anchor[] {
  return extractAnchorsOf(text, positiveInteger(options.maxAnchors, DEFAULT_MAX_ANCHORS), undefined);
}

/**
 * {@link extractAnchors} with `maxAnchors` already checked, scanning only the phrase patterns
 * `patterns` lets through (`undefined`: all; from {@link phrasePatternsIn} of a text holding this
 * one, which gives the same anchors). @internal
 */
export function extractAnchorsOf(text: string, maxAnchors: number, patterns: readonly boolean[] | undefined): Anchor[] {
  const anchors: Anchor[] = [];
  if (maxAnchors === 0 || text.length === 0) return anchors;
  const phrases = findPhrases(text, maxAnchors * 2 + 8, patterns);
  let phraseIndex = 0;
  // A run of capitalised words that may be a name (module-level helpers, not closures: this runs
  // for every segment compressed).
  const run: NameRun = { start: -1, end: -1, secondStart: -1, words: 0, firstWord: '' };

  for (let next = nextWordStart(text, 0); next < text.length; next = nextWordStart(text, next)) {
    if (anchors.length >= maxAnchors) break;
    let start = next;
    let end = wordEnd(text, start);
    next = end;
    while (phraseIndex < phrases.length && phrases[phraseIndex]!.end <= start) {
      const phrase = phrases[phraseIndex++]!;
      flushRun(text, anchors, run);
      emit(text, anchors, phrase.kind, phrase.start, phrase.end);
    }
    const phrase = phrases[phraseIndex];
    if (phrase && phrase.start < end) {
      flushRun(text, anchors, run);
      continue;
    }
    while (start < end && isTrimmedLead(text[start]!)) start++;
    while (end > start && isTrimmedTail(text[end - 1]!)) end--;
    if (start === end) continue;
    const word = text.slice(start, end);
    const separator = word.indexOf('::');
    if (separator > 0 && isPath(word.slice(0, separator))) {
      flushRun(text, anchors, run);
      emit(text, anchors, 'path', start, start + separator);
      const rest = word.slice(separator + 2);
      const kind = rest ? classifyCached(rest, false) : undefined;
      if (kind && kind !== 'name?') emit(text, anchors, kind, start + separator + 2, end);
      else if (rest) emit(text, anchors, 'identifier', start + separator + 2, end);
      continue;
    }
    const kind = classifyCached(word, text[end] === '(');
    if (kind === 'name?') {
      if (run.words > 0 && start === run.end + 1 && text[run.end] === ' ') {
        if (run.words === 1) run.secondStart = start;
        run.end = end;
        run.words++;
      } else {
        flushRun(text, anchors, run);
        run.start = start;
        run.end = end;
        run.words = 1;
        run.firstWord = word;
      }
      continue;
    }
    flushRun(text, anchors, run);
    if (kind) emit(text, anchors, kind, start, end);
  }
  flushRun(text, anchors, run);
  if (anchors.length < maxAnchors) {
    while (phraseIndex < phrases.length) {
      const phrase = phrases[phraseIndex++]!;
      emit(text, anchors, phrase.kind, phrase.start, phrase.end);
    }
  }
  anchors.sort((left, right) => left.index - right.index);
  if (anchors.length > maxAnchors) anchors.length = maxAnchors;
  return anchors;
}
