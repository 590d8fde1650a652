import { extractAnchorsOf, phrasePatternsIn, type Anchor, type AnchorKind } from './extract-anchors.js';
import { collapseDigitsAndBlanks } from './regexp-space.js';
import { firstNonBlank, lastNonBlank, type Segment } from './segment.js';

/** How much one anchor of each kind adds to a segment's score. @internal */
export const ANCHOR_WEIGHTS: Readonly<Record<AnchorKind, number>> = {
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
const MAX_ANCHORS_PER_SEGMENT = 64;

function anchorKey(anchor: Anchor): string {
  return `${anchor.kind}:${anchor.text.toLowerCase()}`;
}

/** Anchor kinds by slot, for the per-segment repeat counts of {@link anchorScore}. */
const KIND_SLOT: Readonly<Record<AnchorKind, number>> = { error: 0, id: 1, negation: 2, decision: 3, path: 4, number: 5, url: 6, identifier: 7, name: 8 };
/** Per kind slot, anchors of that kind met so far in the segment being scored (reset per segment). */
const repeatsOf = new Int32Array(9);

/**
 * Score of a segment's anchors: each weighs by its kind, less when the same anchor recurs across
 * segments (`/ sqrt(frequency)`), and half as much for each earlier anchor of its kind here.
 * `keys[i]` is `anchorKey(anchors[i])`.
 */
function anchorScore(anchors: readonly Anchor[], keys: readonly string[], frequency: ReadonlyMap<string, number>): number {
  repeatsOf.fill(0);
  let score = 0;
  for (let index = 0; index < anchors.length; index++) {
    const kind = anchors[index]!.kind;
    const repeats = repeatsOf[KIND_SLOT[kind]]!++;
    score += ANCHOR_WEIGHTS[kind] / 2 ** repeats / Math.sqrt(frequency.get(keys[index]!) ?? 1);
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
  return collapseDigitsAndBlanks(template);
}

/**
 * Sets tokens, anchors and priority of every segment. Priority is anchor score per square root
 * of tokens, divided by the square root of how many segments share its template (and more for
 * a repeat of an earlier segment's exact text), plus a share of the best nearby segment's (half of an adjacent one's,
 * a quarter of one two away, …), so facts that sit together stay together. Every segment but a
 * binary one is a part of `text` (`splitSegments`' are). @internal
 */
export function scoreSegments(segments: Segment[], text: string, countTokens: (text: string) => number): void {
  const frequency = new Map<string, number>();
  // Each anchor's key once (a segment counts a key once: `counted` holds the segment that last counted it).
  const keys: string[][] = new Array<string[]>(segments.length);
  const counted = new Map<string, number>();
  // A phrase pattern the whole text's prefilter rules out matches in none of its segments (each a part of it).
  const patterns = phrasePatternsIn(text);
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    segment.tokens = countTokens(segment.content);
    if (segment.binary) {
      keys[index] = [];
      continue;
    }
    segment.anchors = extractAnchorsOf(segment.content, MAX_ANCHORS_PER_SEGMENT, patterns);
    const segmentKeys = segment.anchors.map(anchorKey);
    keys[index] = segmentKeys;
    for (const key of segmentKeys) {
      if (counted.get(key) === index) continue;
      counted.set(key, index);
      frequency.set(key, (frequency.get(key) ?? 0) + 1);
    }
  }
  const templates = segments.map((segment) => (segment.binary ? '' : templateOf(segment.content, segment.anchors)));
  const templateFrequency = new Map<string, number>();
  for (const template of templates) templateFrequency.set(template, (templateFrequency.get(template) ?? 0) + 1);
  const seen = new Map<string, number>();
  const base = segments.map((segment, index) => {
    if (segment.binary) return BINARY_SCORE / Math.sqrt(segment.tokens + 2);
    let score = anchorScore(segment.anchors, keys[index]!, frequency);
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
