/** scoreSegments as it was before segment templates were made in one pass (issue 17): the reference the fast one is checked against. Test support only. */
import { extractAnchors, type Anchor, type AnchorKind } from '../extract-anchors.js';
import { firstNonBlank, lastNonBlank, type Segment } from '../segment.js';

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
 * a quarter of one two away, …), so facts that sit together stay together. @internal
 */
export function scoreSegments(segments: Segment[], text: string, countTokens: (text: string) => number): void {
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
