import { extractAnchors, type Anchor, type AnchorKind } from './extract-anchors.js';
import { findBinarySpans, type TextSpan } from './looks-binary.js';

/** Options for {@link compressText}. */
export interface CompressTextOptions {
  /** Most tokens the result may have. */
  maxTokens: number;
  /** Counts tokens of a text (deterministic). */
  countTokens: (text: string) => number;
}

/** What {@link compressText} returns. */
export interface CompressedText {
  /** The compressed text. */
  text: string;
  /** `countTokens(text)`. */
  tokens: number;
  /** Anchors in the kept segments. */
  keptAnchors: number;
  /** Anchors in all candidate segments (for huge inputs: in the pre-cut candidates only). */
  totalAnchors: number;
  /** False when `text` is the input, verbatim. */
  truncated: boolean;
}

/** Where segments were skipped inside a line. */
export const INLINE_GAP_MARKER = ' … ';
/** Where whole lines were skipped. */
export const LINE_GAP_MARKER = '\n…\n';

/** What replaces a binary span of `length` characters. */
export function binaryMarker(length: number): string {
  return `[binary data: ${length} chars]`;
}

const ANCHOR_WEIGHTS: Readonly<Record<AnchorKind, number>> = {
  error: 10,
  id: 6,
  negation: 6,
  decision: 5,
  path: 5,
  number: 4,
  url: 4,
  identifier: 3,
  name: 3,
};
/** Bonus of the first segment (the topic) and of the last one (the outcome). */
const EDGE_BONUS = 5;
const BINARY_SCORE = 1;
/** Share of the best nearby segment's priority a segment adds to its own. */
const NEIGHBOUR_SHARE = 0.5;
/** How many segments away a neighbour still shares (its share divided by the distance). */
const NEIGHBOUR_REACH = 3;
/** Sentences shorter than this join the next one. */
const MIN_SENTENCE_CHARS = 24;
/** Segments longer than this are split into sentences, clauses, then windows. */
const MAX_SEGMENT_CHARS = 300;
const MIN_PIECE_CHARS = 100;
/** Leading indentation kept at the start of a line (code and tracebacks need it). */
const MAX_INDENT_CHARS = 16;
/** Tokens assumed for the separator or gap marker next to each kept segment. */
const JOIN_COST = 3;
/** Inputs longer than `maxTokens * this` are taken not to fit, without counting them. */
const MAX_CHARS_PER_TOKEN = 16;
/** Bounds of the text handed to segmentation; longer inputs are pre-cut to candidates first. */
const MIN_CANDIDATE_CHARS = 65_536;
const MAX_CANDIDATE_CHARS = 1_000_000;
/** Around a strong keyword, a candidate line reaches at most this far each way. */
const MAX_LINE_REACH = 1_000;
const MAX_ANCHORS_PER_SEGMENT = 64;
/** Below this many tokens left, a segment too long for the rest is not cut to fit. */
const MIN_CUT_TOKENS = 12;
/** When nothing fits whole, how many of the best segments to try cutting. */
const MAX_FALLBACK_TRIES = 8;
const STRONG_LINE =
  /error|exception|traceback|fail|fatal|panic|denied|refused|not found|timed out|assert|critical|abort|killed|exit code|never|must not|do not|don't|decided|confirmed/gi;

interface Segment {
  start: number;
  end: number;
  /** Line number within its region chain; segments of one line share it. */
  line: number;
  /** The segment text (a binary marker for binary spans). */
  content: string;
  binary: boolean;
  anchors: Anchor[];
  tokens: number;
  priority: number;
}

function isWhitespaceCode(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x2028 || code === 0x2029 || code === 0xfeff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Moves `index` back off the middle of a surrogate pair. */
function safeCut(text: string, index: number): number {
  return index > 0 && index < text.length && isLowSurrogate(text.charCodeAt(index)) ? index - 1 : index;
}

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

function newSegment(start: number, end: number, line: number, content: string, binary: boolean): Segment {
  return { start, end, line, content, binary, anchors: [], tokens: 0, priority: 0 };
}

function anchorKey(anchor: Anchor): string {
  return `${anchor.kind}:${anchor.text.toLowerCase()}`;
}

/**
 * Score of a segment's anchors: each weighs by its kind, less when the same anchor recurs across
 * segments (`/ sqrt(frequency)`), and half as much for each earlier anchor of its kind here.
 */
function anchorScore(anchors: readonly Anchor[], frequency: ReadonlyMap<string, number>): number {
  const seen = new Map<AnchorKind, number>();
  let score = 0;
  for (const anchor of anchors) {
    const repeats = seen.get(anchor.kind) ?? 0;
    seen.set(anchor.kind, repeats + 1);
    score += ANCHOR_WEIGHTS[anchor.kind] / 2 ** repeats / Math.sqrt(frequency.get(anchorKey(anchor)) ?? 1);
  }
  return score;
}

const VALUE_KINDS: ReadonlySet<AnchorKind> = new Set(['id', 'number', 'path', 'url', 'name']);

/**
 * The template of a segment: value anchors (ids, numbers, paths, urls, names) replaced by their
 * kind, digits by `#`, blanks collapsed. Log lines and test results that differ only in their
 * values share a template; `"offerId": …` and `"reservationId": …` do not.
 */
function templateOf(content: string, anchors: readonly Anchor[]): string {
  let template = '';
  let position = 0;
  for (const anchor of anchors) {
    if (!VALUE_KINDS.has(anchor.kind)) continue;
    template += `${content.slice(position, anchor.index)}<${anchor.kind}>`;
    position = anchor.index + anchor.text.length;
  }
  template += content.slice(position);
  return template.replace(/\d+/g, '#').replace(/\s+/g, ' ');
}

/**
 * Sets tokens, anchors and priority of every segment. Priority is anchor score per square root
 * of tokens, divided by the square root of how many segments share its template (and more for
 * a repeat of an earlier segment's exact text), plus a share of the best nearby segment's (half of an adjacent one's,
 * a quarter of one two away, …), so facts that sit together stay together.
 */
function scoreSegments(segments: Segment[], text: string, countTokens: (text: string) => number): void {
  const frequency = new Map<string, number>();
  for (const segment of segments) {
    segment.tokens = countTokens(segment.content);
    if (segment.binary) continue;
    segment.anchors = extractAnchors(segment.content, { maxAnchors: MAX_ANCHORS_PER_SEGMENT });
    for (const key of new Set(segment.anchors.map(anchorKey))) frequency.set(key, (frequency.get(key) ?? 0) + 1);
  }
  const templates = segments.map((segment) => (segment.binary ? '' : templateOf(segment.content, segment.anchors)));
  const templateFrequency = new Map<string, number>();
  for (const template of templates) templateFrequency.set(template, (templateFrequency.get(template) ?? 0) + 1);
  const seen = new Map<string, number>();
  const base = segments.map((segment, index) => {
    if (segment.binary) return BINARY_SCORE / Math.sqrt(segment.tokens + 2);
    let score = anchorScore(segment.anchors, frequency);
    if (index === 0 && segment.start === firstNonBlank(text)) score += EDGE_BONUS;
    if (index === segments.length - 1 && segment.end === lastNonBlank(text)) score += EDGE_BONUS;
    const exact = seen.get(segment.content) ?? 0;
    seen.set(segment.content, exact + 1);
    const repeats = templateFrequency.get(templates[index]!) ?? 1;
    return score / Math.sqrt(segment.tokens + 2) / Math.sqrt(repeats) / (1 + 3 * exact);
  });
  segments.forEach((segment, index) => {
    let neighbour = 0;
    for (let distance = 1; distance <= NEIGHBOUR_REACH; distance++) {
      const share = NEIGHBOUR_SHARE / distance;
      neighbour = Math.max(neighbour, share * (base[index - distance] ?? 0), share * (base[index + distance] ?? 0));
    }
    segment.priority = base[index]! + neighbour;
  });
}

function firstNonBlank(text: string): number {
  let index = 0;
  while (index < text.length && isWhitespaceCode(text.charCodeAt(index))) index++;
  return index;
}

function lastNonBlank(text: string): number {
  let index = text.length;
  while (index > 0 && isWhitespaceCode(text.charCodeAt(index - 1))) index--;
  return index;
}

/** True when only a short run of whitespace lies between two segments. */
function contiguous(text: string, left: Segment, right: Segment): boolean {
  if (right.start - left.end > 64) return false;
  for (let index = left.end; index < right.start; index++) {
    if (!isWhitespaceCode(text.charCodeAt(index))) return false;
  }
  return true;
}

function separatorBetween(text: string, left: Segment, right: Segment): string {
  const separator = text.slice(left.end, right.start);
  if (separator.includes('\n')) return '\n';
  return separator.length <= 8 ? separator : ' ';
}

/** Renders the kept segments in original order, with gap markers where segments were skipped. */
function render(text: string, segments: readonly Segment[], kept: readonly (string | undefined)[]): string {
  let output = '';
  let previous = -1;
  for (let index = 0; index < segments.length; index++) {
    const piece = kept[index];
    if (piece === undefined) continue;
    const segment = segments[index]!;
    if (previous < 0) {
      if ((index > 0 || firstNonBlank(text) < segment.start) && !piece.startsWith('…')) {
        const before = segments[index - 1];
        output += before && before.line === segment.line ? '… ' : '…\n';
      }
    } else {
      const last = segments[previous]!;
      const sameLine = last.line === segment.line;
      if (previous === index - 1 && contiguous(text, last, segment)) output += separatorBetween(text, last, segment);
      else if (output.endsWith('…') || piece.startsWith('…')) output += sameLine ? ' ' : '\n';
      else output += sameLine ? INLINE_GAP_MARKER : LINE_GAP_MARKER;
    }
    output += piece;
    previous = index;
  }
  if (previous >= 0) {
    const last = segments[previous]!;
    if ((previous < segments.length - 1 || last.end < lastNonBlank(text)) && !output.endsWith('…')) {
      const after = segments[previous + 1];
      output += after && after.line === last.line ? ' …' : '\n…';
    }
  }
  return output;
}

/** The anchor a cut centres on: the heaviest, the earliest among equals. */
function focusAnchor(anchors: readonly Anchor[]): Anchor | undefined {
  let best: Anchor | undefined;
  for (const anchor of anchors) {
    if (!best || ANCHOR_WEIGHTS[anchor.kind] > ANCHOR_WEIGHTS[best.kind]) best = anchor;
  }
  return best;
}

interface Cut {
  text: string;
  start: number;
  end: number;
}

/**
 * Cuts a segment to `maxTokens`: the longest window around its heaviest anchor (or its head when
 * it has none) that fits, with `…` where it was cut. Undefined when not even a sliver fits.
 */
function cutSegment(segment: Segment, maxTokens: number, countTokens: (text: string) => number): Cut | undefined {
  const content = segment.content;
  const focus = focusAnchor(segment.anchors);
  const focusStart = focus ? focus.index : 0;
  const focusEnd = focus ? focus.index + focus.text.length : 0;
  const window = (reach: number): Cut => {
    const start = safeCut(content, Math.max(0, focusStart - reach));
    const end = safeCut(content, Math.min(content.length, focusEnd + reach));
    const head = start > 0 ? '… ' : '';
    const tail = end < content.length ? ' …' : '';
    return { text: head + content.slice(start, end) + tail, start, end };
  };
  let low = 0;
  let high = content.length;
  let best: Cut | undefined;
  const smallest = window(0);
  if (smallest.end > smallest.start && countTokens(smallest.text) <= maxTokens) best = smallest;
  else if (focus) {
    // Not even the focus anchor fits: keep the longest prefix of it that does.
    let prefixLow = 1;
    let prefixHigh = focus.text.length;
    while (prefixLow <= prefixHigh) {
      const middle = (prefixLow + prefixHigh) >> 1;
      const end = safeCut(content, focusStart + middle);
      const candidate = { text: `${focusStart > 0 ? '… ' : ''}${content.slice(focusStart, end)} …`, start: focusStart, end };
      if (end > focusStart && countTokens(candidate.text) <= maxTokens) {
        best = candidate;
        prefixLow = middle + 1;
      } else {
        prefixHigh = middle - 1;
      }
    }
    return best;
  }
  if (!best) {
    // No anchor: keep the longest head that fits.
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      const candidate = window(middle);
      if (countTokens(candidate.text) <= maxTokens) {
        best = candidate;
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    return best && best.end > best.start ? best : undefined;
  }
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    const candidate = window(middle);
    if (countTokens(candidate.text) <= maxTokens) {
      best = candidate;
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return best;
}

function anchorsWithin(anchors: readonly Anchor[], start: number, end: number): number {
  let count = 0;
  for (const anchor of anchors) if (anchor.index >= start && anchor.index + anchor.text.length <= end) count++;
  return count;
}

function result(text: string, countTokens: (text: string) => number, kept: number, total: number, truncated: boolean): CompressedText {
  return { text, tokens: countTokens(text), keptAnchors: kept, totalAnchors: total, truncated };
}

/**
 * Compresses a text to at most `maxTokens` tokens, extractively: it keeps whole segments (lines;
 * long lines split into sentences, clauses, then windows) chosen for their logical anchors
 * (errors, ids, negations, decisions, paths, numbers weigh most; the first segment, the topic,
 * and the last, the outcome, get a bonus; repeated shapes count less), and emits them in original
 * order joined by newlines, with {@link INLINE_GAP_MARKER} or {@link LINE_GAP_MARKER} where
 * segments were skipped. Binary spans become `[binary data: N chars]`. A segment too long for
 * what is left is cut to a window around its heaviest anchor.
 *
 * Guarantees: a text that fits is returned verbatim (texts over `16 × maxTokens` characters, and
 * over 4,096, are taken not to fit without being counted); `tokens === countTokens(text)`;
 * `tokens <= maxTokens` (the result may be empty when not even a cut segment fits, as with
 * budgets under 8); deterministic; never throws on any string. Huge
 * inputs are first pre-cut to a bounded set of candidates (head, tail, lines with errors,
 * negations or decisions), so a 10 MB log costs one linear scan, not a token count of 10 MB.
 *
 * @example
 * ```ts
 * const counter = createBpeTokenCounter();
 * compressText(pytestOutput, { maxTokens: 300, countTokens: counter.count });
 * // { text: '============ test session starts ============\n…\nFAILED tests/…', tokens: 287, … }
 * ```
 */
export function compressText(text: string, options: CompressTextOptions): CompressedText {
  const { countTokens } = options;
  const maxTokens = Number.isNaN(options.maxTokens) ? 0 : Math.floor(options.maxTokens);
  if (text.length <= Math.max(4096, maxTokens * MAX_CHARS_PER_TOKEN)) {
    const tokens = countTokens(text);
    if (tokens <= maxTokens) {
      const anchors = extractAnchors(text, { maxAnchors: Number.MAX_SAFE_INTEGER }).length;
      return { text, tokens, keptAnchors: anchors, totalAnchors: anchors, truncated: false };
    }
  }
  if (maxTokens <= 0) return result('', countTokens, 0, 0, text.length > 0);

  const binary = findBinarySpans(text);
  const limit = Math.min(MAX_CANDIDATE_CHARS, Math.max(MIN_CANDIDATE_CHARS, maxTokens * 24));
  const regions = coverBinarySpans(text.length <= limit ? [{ start: 0, end: text.length }] : preCut(text, limit), binary);
  const segments = segmentText(text, regions, binary);
  scoreSegments(segments, text, countTokens);
  let totalAnchors = 0;
  for (const segment of segments) totalAnchors += segment.anchors.length;

  const order = segments.map((_, index) => index);
  order.sort((left, right) => segments[right]!.priority - segments[left]!.priority || left - right);
  const kept: (string | undefined)[] = new Array<string | undefined>(segments.length).fill(undefined);
  const keptAnchors: number[] = new Array<number>(segments.length).fill(0);
  let left = maxTokens - JOIN_COST;
  for (const index of order) {
    if (left <= 0) break;
    const segment = segments[index]!;
    if (segment.tokens + JOIN_COST <= left) {
      kept[index] = segment.content;
      keptAnchors[index] = segment.anchors.length;
      left -= segment.tokens + JOIN_COST;
    } else if (left >= MIN_CUT_TOKENS + JOIN_COST && !segment.binary) {
      const cut = cutSegment(segment, left - JOIN_COST, countTokens);
      if (!cut) continue;
      kept[index] = cut.text;
      keptAnchors[index] = anchorsWithin(segment.anchors, cut.start, cut.end);
      left -= countTokens(cut.text) + JOIN_COST;
    }
  }

  if (!kept.some((piece) => piece !== undefined)) {
    // Nothing fit whole: keep the best segment that can be cut to the whole budget.
    for (const index of order.slice(0, MAX_FALLBACK_TRIES)) {
      const segment = segments[index]!;
      if (segment.binary) {
        if (segment.tokens > maxTokens) continue;
        kept[index] = segment.content;
        break;
      }
      const cut = cutSegment(segment, maxTokens, countTokens);
      if (!cut) continue;
      kept[index] = cut.text;
      keptAnchors[index] = anchorsWithin(segment.anchors, cut.start, cut.end);
      break;
    }
  }

  let output = render(text, segments, kept);
  let tokens = countTokens(output);
  // The estimate is conservative; if a tokenizer merges differently, drop the weakest segments.
  for (let position = order.length - 1; tokens > maxTokens && position >= 0; position--) {
    const index = order[position]!;
    if (kept[index] === undefined) continue;
    const remaining = kept.filter((piece) => piece !== undefined).length;
    if (remaining === 1) {
      const cut = cutSegment(segments[index]!, Math.max(1, maxTokens - JOIN_COST), countTokens);
      kept[index] = cut?.text;
      keptAnchors[index] = cut ? anchorsWithin(segments[index]!.anchors, cut.start, cut.end) : 0;
    } else {
      kept[index] = undefined;
      keptAnchors[index] = 0;
    }
    output = render(text, segments, kept);
    tokens = countTokens(output);
  }
  if (tokens > maxTokens) return result('', countTokens, 0, totalAnchors, true);
  let keptTotal = 0;
  for (const count of keptAnchors) keptTotal += count;
  return { text: output, tokens, keptAnchors: keptTotal, totalAnchors, truncated: true };
}
