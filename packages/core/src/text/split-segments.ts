import { binaryMarker } from './binary-marker.js';
import { candidateRegions } from './candidate-regions.js';
import { findBinarySpans, type TextSpan } from './looks-binary.js';
import { isWhitespaceCode, newSegment, safeCut, type Segment } from './segment.js';

/** Sentences shorter than this join the next one. */
const MIN_SENTENCE_CHARS = 24;
/** Segments longer than this are split into sentences, clauses, then windows. */
const MAX_SEGMENT_CHARS = 300;
const MIN_PIECE_CHARS = 100;
/** Leading indentation kept at the start of a line (code and tracebacks need it). */
const MAX_INDENT_CHARS = 16;

/** Best cut of `[start, end)` near `start + MAX_SEGMENT_CHARS`: sentence, clause, blank, punctuation. */
function findCut(text: string, start: number, end: number): number {
  const highest = Math.min(end, start + MAX_SEGMENT_CHARS);
  const lowest = start + MIN_PIECE_CHARS;
  let best = -1;
  let bestRank = 0;
  for (let index = highest; index > lowest && bestRank < 4; index--) {
    const code = text.charCodeAt(index);
    const previous = text[index - 1]!;
    let rank = 0;
    if (isWhitespaceCode(code)) {
      if (previous === '.' || previous === '!' || previous === '?') rank = 4;
      else if (previous === ',' || previous === ';' || previous === ':') rank = 3;
      else rank = 2;
    } else if (previous === ',' || previous === ';' || previous === '}' || previous === ']' || previous === ')') {
      rank = 1;
    }
    if (rank > bestRank) {
      best = index;
      bestRank = rank;
    }
  }
  return best > start ? best : safeCut(text, highest);
}

/**
 * Splits the text into segments: lines, long lines into sentences, clauses, then windows;
 * binary spans become one marker segment each. Blank segments are dropped.
 */
function segmentText(text: string, regions: readonly TextSpan[], binary: readonly TextSpan[]): Segment[] {
  const segments: Segment[] = [];
  let line = 0;
  /** Pushes `[start, end)` (already trimmed at the start) as windows of at most MAX_SEGMENT_CHARS. */
  const pushWindows = (start: number, end: number): void => {
    while (end > start && isWhitespaceCode(text.charCodeAt(end - 1))) end--;
    while (start < end) {
      const cut = end - start <= MAX_SEGMENT_CHARS ? end : findCut(text, start, end);
      let pieceEnd = cut;
      while (pieceEnd > start && isWhitespaceCode(text.charCodeAt(pieceEnd - 1))) pieceEnd--;
      segments.push(newSegment(start, pieceEnd, line, text.slice(start, pieceEnd), false));
      start = cut;
      while (start < end && isWhitespaceCode(text.charCodeAt(start))) start++;
    }
  };
  /** Pushes a piece of a line: whole when short, else one segment per sentence (windows if long). */
  const pushText = (start: number, end: number, keepIndent: boolean): void => {
    const lineStart = start;
    while (start < end && isWhitespaceCode(text.charCodeAt(start))) start++;
    while (end > start && isWhitespaceCode(text.charCodeAt(end - 1))) end--;
    if (keepIndent && start < end) start = Math.max(lineStart, start - MAX_INDENT_CHARS);
    if (end - start <= MAX_SEGMENT_CHARS) {
      if (start < end) segments.push(newSegment(start, end, line, text.slice(start, end), false));
      return;
    }
    let sentenceStart = start;
    for (let index = start + 1; index < end - 1; index++) {
      const char = text[index];
      if (char !== '.' && char !== '!' && char !== '?') continue;
      if (!isWhitespaceCode(text.charCodeAt(index + 1)) || index + 1 - sentenceStart < MIN_SENTENCE_CHARS) continue;
      pushWindows(sentenceStart, index + 1);
      sentenceStart = index + 1;
      while (sentenceStart < end && isWhitespaceCode(text.charCodeAt(sentenceStart))) sentenceStart++;
      index = sentenceStart;
    }
    pushWindows(sentenceStart, end);
  };
  let binaryIndex = 0;
  let nextNewline = -1;
  for (const region of regions) {
    line++;
    let position = region.start;
    while (position < region.end) {
      while (binaryIndex < binary.length && binary[binaryIndex]!.end <= position) binaryIndex++;
      if (nextNewline < position) {
        nextNewline = text.indexOf('\n', position);
        if (nextNewline < 0) nextNewline = text.length;
      }
      const lineEnd = Math.min(nextNewline, region.end);
      const span = binary[binaryIndex];
      if (span && span.start < lineEnd) {
        pushText(position, span.start, position === lineStartOf(text, position));
        const length = span.end - span.start;
        segments.push(newSegment(span.start, span.end, line, binaryMarker(length), true));
        position = span.end;
        if (nextNewline < position) line++;
        continue;
      }
      pushText(position, lineEnd, position === lineStartOf(text, position));
      position = lineEnd + 1;
      line++;
    }
  }
  return segments;
}

function lineStartOf(text: string, position: number): number {
  return position === 0 || text.charCodeAt(position - 1) === 10 ? position : -1;
}

/**
 * Cuts a text into candidate segments for a budget of `maxTokens`: huge texts are first pre-cut
 * to bounded candidate regions, then regions are split into lines, long lines into sentences,
 * clauses, then windows; each binary span becomes one `[binary data: N chars]` segment. The
 * segments come in text order, unscored. @internal
 */
export function splitSegments(text: string, maxTokens: number): Segment[] {
  const binary = findBinarySpans(text);
  return segmentText(text, candidateRegions(text, maxTokens, binary), binary);
}
