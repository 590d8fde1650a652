import type { TextSpan } from './looks-binary.js';
import { safeCut } from './segment.js';

/** Bounds of the text handed to segmentation; longer inputs are pre-cut to candidates first. */
const MIN_CANDIDATE_CHARS = 65_536;
const MAX_CANDIDATE_CHARS = 1_000_000;
/** Around a strong keyword, a candidate line reaches at most this far each way. */
const MAX_LINE_REACH = 1_000;
const STRONG_LINE =
  /error|exception|traceback|fail|fatal|panic|denied|refused|not found|timed out|assert|critical|abort|killed|exit code|never|must not|do not|don't|decided|confirmed/gi;

function mergeRanges(ranges: TextSpan[]): TextSpan[] {
  ranges.sort((left, right) => left.start - right.start || left.end - right.end);
  const merged: TextSpan[] = [];
  for (const range of ranges) {
    if (range.end <= range.start) continue;
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ start: range.start, end: range.end });
  }
  return merged;
}

/** Line bounds around `index`, reaching at most {@link MAX_LINE_REACH} characters each way. */
function lineAround(text: string, index: number): TextSpan {
  let start = index;
  const lowest = Math.max(0, index - MAX_LINE_REACH);
  while (start > lowest && text.charCodeAt(start - 1) !== 10) start--;
  let end = index;
  const highest = Math.min(text.length, index + MAX_LINE_REACH);
  while (end < highest && text.charCodeAt(end) !== 10) end++;
  return { start: safeCut(text, start), end: safeCut(text, end) };
}

/**
 * Bounded candidates of a huge text: its head, its tail, and lines with strong keywords (errors,
 * negations, decisions) in between, one per shape (digits ignored), evenly spread when there are
 * more than fit. Never reads more than a linear scan.
 */
function preCut(text: string, limit: number): TextSpan[] {
  const edge = Math.floor(limit / 4);
  let headEnd = safeCut(text, edge);
  const headNewline = text.lastIndexOf('\n', headEnd);
  if (headNewline > headEnd - MAX_LINE_REACH) headEnd = headNewline;
  let tailStart = safeCut(text, text.length - edge);
  const tailNewline = text.indexOf('\n', tailStart);
  if (tailNewline >= 0 && tailNewline < tailStart + MAX_LINE_REACH) tailStart = tailNewline + 1;
  const lines: TextSpan[] = [];
  const shapes = new Set<string>();
  const regex = new RegExp(STRONG_LINE.source, STRONG_LINE.flags);
  regex.lastIndex = headEnd;
  for (let match = regex.exec(text); match !== null && match.index < tailStart; match = regex.exec(text)) {
    const line = lineAround(text, match.index);
    regex.lastIndex = Math.max(line.end, match.index + 1);
    const shape = text.slice(line.start, line.end).replace(/\d+/g, '#');
    if (shapes.has(shape)) continue;
    shapes.add(shape);
    lines.push(line);
  }
  let lineChars = 0;
  for (const line of lines) lineChars += line.end - line.start + 1;
  const allowance = limit - 2 * edge;
  const stride = lineChars > allowance ? lineChars / allowance : 1;
  const ranges: TextSpan[] = [{ start: 0, end: headEnd }, { start: tailStart, end: text.length }];
  let taken = 0;
  for (let position = 0; position < lines.length && taken < allowance; position += stride) {
    const line = lines[Math.floor(position)]!;
    ranges.push(line);
    taken += line.end - line.start + 1;
  }
  return mergeRanges(ranges);
}

/** Grows regions to cover the binary spans they touch, then merges them. */
function coverBinarySpans(regions: TextSpan[], binary: readonly TextSpan[]): TextSpan[] {
  const grown: TextSpan[] = regions.map((region) => ({ ...region }));
  let cursor = 0;
  for (const region of grown) {
    while (cursor < binary.length && binary[cursor]!.end <= region.start) cursor++;
    for (let index = cursor; index < binary.length && binary[index]!.start < region.end; index++) {
      const span = binary[index]!;
      region.start = Math.min(region.start, span.start);
      region.end = Math.max(region.end, span.end);
    }
  }
  return mergeRanges(grown);
}

/**
 * The sorted, disjoint regions of `text` worth segmenting for a budget of `maxTokens`: the whole
 * text when it is short enough, else a bounded pre-cut (head, tail, strong-keyword lines); either
 * way grown to cover the `binary` spans they touch. @internal
 */
export function candidateRegions(text: string, maxTokens: number, binary: readonly TextSpan[]): TextSpan[] {
  const limit = Math.min(MAX_CANDIDATE_CHARS, Math.max(MIN_CANDIDATE_CHARS, maxTokens * 24));
  return coverBinarySpans(text.length <= limit ? [{ start: 0, end: text.length }] : preCut(text, limit), binary);
}
