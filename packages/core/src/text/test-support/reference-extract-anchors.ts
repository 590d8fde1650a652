/** extractAnchors as it was before its compiled-pattern reuse and word memo (issue 17): the reference the fast one is checked against. Test support only. */
import type { AnchorKind } from '../anchor-kind.js';
import { classifyWord, isPath, NAME_STOPWORDS, PHRASES, SENTENCE_END, SKIP_BEFORE_SENTENCE, WORD } from '../anchor-patterns.js';

export type { AnchorKind } from '../anchor-kind.js';

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

/** Phrase anchors, sorted and without overlaps (earlier first; on a tie, longer first). */
function findPhrases(text: string, cap: number): Span[] {
  const spans: Span[] = [];
  for (const [kind, pattern] of PHRASES) {
    const regex = new RegExp(pattern.source, pattern.flags);
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
  const maxAnchors = positiveInteger(options.maxAnchors, DEFAULT_MAX_ANCHORS);
  const anchors: Anchor[] = [];
  if (maxAnchors === 0 || text.length === 0) return anchors;
  const phrases = findPhrases(text, maxAnchors * 2 + 8);
  let phraseIndex = 0;
  let runStart = -1;
  let runEnd = -1;
  let runSecondStart = -1;
  let runWords = 0;
  let runFirstWord = '';

  const emit = (kind: AnchorKind, start: number, end: number): void => {
    anchors.push({ kind, text: text.slice(start, end), index: start });
  };
  const flushRun = (): void => {
    if (runWords === 0) return;
    const atStart = isSentenceStart(text, runStart);
    const stopword = NAME_STOPWORDS.has(runFirstWord.toLowerCase());
    if (runWords >= 2) emit('name', stopword ? runSecondStart : runStart, runEnd);
    else if (!atStart && !stopword) emit('name', runStart, runEnd);
    runWords = 0;
  };

  const regex = new RegExp(WORD.source, WORD.flags);
  for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
    if (anchors.length >= maxAnchors) break;
    let start = match.index;
    let end = start + match[0].length;
    while (phraseIndex < phrases.length && phrases[phraseIndex]!.end <= start) {
      const phrase = phrases[phraseIndex++]!;
      flushRun();
      emit(phrase.kind, phrase.start, phrase.end);
    }
    const phrase = phrases[phraseIndex];
    if (phrase && phrase.start < end) {
      flushRun();
      continue;
    }
    while (start < end && isTrimmedLead(text[start]!)) start++;
    while (end > start && isTrimmedTail(text[end - 1]!)) end--;
    if (start === end) continue;
    const word = text.slice(start, end);
    const separator = word.indexOf('::');
    if (separator > 0 && isPath(word.slice(0, separator))) {
      flushRun();
      emit('path', start, start + separator);
      const rest = word.slice(separator + 2);
      const kind = rest ? classifyWord(rest, false) : undefined;
      if (kind && kind !== 'name?') emit(kind, start + separator + 2, end);
      else if (rest) emit('identifier', start + separator + 2, end);
      continue;
    }
    const kind = classifyWord(word, text[end] === '(');
    if (kind === 'name?') {
      if (runWords > 0 && start === runEnd + 1 && text[runEnd] === ' ') {
        if (runWords === 1) runSecondStart = start;
        runEnd = end;
        runWords++;
      } else {
        flushRun();
        runStart = start;
        runEnd = end;
        runWords = 1;
        runFirstWord = word;
      }
      continue;
    }
    flushRun();
    if (kind) emit(kind, start, end);
  }
  flushRun();
  if (anchors.length < maxAnchors) {
    while (phraseIndex < phrases.length) {
      const phrase = phrases[phraseIndex++]!;
      emit(phrase.kind, phrase.start, phrase.end);
    }
  }
  anchors.sort((left, right) => left.index - right.index);
  if (anchors.length > maxAnchors) anchors.length = maxAnchors;
  return anchors;
}
