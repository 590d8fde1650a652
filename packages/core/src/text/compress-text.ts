import { anchorsWithin, cutSegment } from './cut-segment.js';
import { extractAnchors } from './extract-anchors.js';
import { renderSegments } from './render-segments.js';
import { scoreSegments } from './score-segments.js';
import { splitSegments } from './split-segments.js';

export { binaryMarker } from './binary-marker.js';
export { INLINE_GAP_MARKER, LINE_GAP_MARKER } from './render-segments.js';

/** Options for {@link compressText}. */
export interface CompressTextOptions {
  /** Most tokens the result may have. */
  maxTokens: number;
  /** Counts tokens of a text (deterministic). */
  countTokens: (text: string) => number;
  /**
   * `countTokens(text)` of the input, when the caller already knows it (a logged message's cached
   * count): the input is then not counted again. It must be exactly that count.
   */
  textTokens?: number;
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

/** Tokens assumed for the separator or gap marker next to each kept segment. */
const JOIN_COST = 3;
/** Inputs longer than `maxTokens * this` are taken not to fit, without counting them. */
const MAX_CHARS_PER_TOKEN = 16;
/** Below this many tokens left, a segment too long for the rest is not cut to fit. */
const MIN_CUT_TOKENS = 12;
/** When nothing fits whole, how many of the best segments to try cutting. */
const MAX_FALLBACK_TRIES = 8;

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
    const tokens = options.textTokens ?? countTokens(text);
    if (tokens <= maxTokens) {
      const anchors = extractAnchors(text, { maxAnchors: Number.MAX_SAFE_INTEGER }).length;
      return { text, tokens, keptAnchors: anchors, totalAnchors: anchors, truncated: false };
    }
  }
  if (maxTokens <= 0) return result('', countTokens, 0, 0, text.length > 0);

  const segments = splitSegments(text, maxTokens);
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

  let output = renderSegments(text, segments, kept);
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
    output = renderSegments(text, segments, kept);
    tokens = countTokens(output);
  }
  if (tokens > maxTokens) return result('', countTokens, 0, totalAnchors, true);
  let keptTotal = 0;
  for (const count of keptAnchors) keptTotal += count;
  return { text: output, tokens, keptAnchors: keptTotal, totalAnchors, truncated: true };
}
