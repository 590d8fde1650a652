import type { Anchor } from './extract-anchors.js';
import { ANCHOR_WEIGHTS } from './score-segments.js';
import { safeCut, type Segment } from './segment.js';

/** A window of a segment's content, with `…` where it was cut. @internal */
export interface Cut {
  /** The window's text, `… ` before and ` …` after where content was left out. */
  text: string;
  /** Offset of the window in the segment's content. */
  start: number;
  /** Offset just past the window in the segment's content. */
  end: number;
}

/** The anchor a cut centres on: the heaviest, the earliest among equals. */
function focusAnchor(anchors: readonly Anchor[]): Anchor | undefined {
  let best: Anchor | undefined;
  for (const anchor of anchors) {
    if (!best || ANCHOR_WEIGHTS[anchor.kind] > ANCHOR_WEIGHTS[best.kind]) best = anchor;
  }
  return best;
}

/**
 * Cuts a segment to `maxTokens`: the longest window around its heaviest anchor (or its head when
 * it has none) that fits, with `…` where it was cut. Undefined when not even a sliver fits. @internal
 */
export function cutSegment(segment: Segment, maxTokens: number, countTokens: (text: string) => number): Cut | undefined {
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
    const head = longestFitting(low, high, window, countTokens, maxTokens, undefined);
    return head && head.end > head.start ? head : undefined;
  }
  return longestFitting(low, high, window, countTokens, maxTokens, best);
}

/** Binary search for the largest size in `(low, high]` whose window fits `maxTokens`; `fallback` when none does. */
function longestFitting<T extends { text: string }>(
  low: number,
  high: number,
  window: (size: number) => T,
  countTokens: (text: string) => number,
  maxTokens: number,
  fallback: T | undefined,
): T | undefined {
  let best = fallback;
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

/** How many of `anchors` lie wholly within `[start, end)` (a cut's window). @internal */
export function anchorsWithin(anchors: readonly Anchor[], start: number, end: number): number {
  let count = 0;
  for (const anchor of anchors) if (anchor.index >= start && anchor.index + anchor.text.length <= end) count++;
  return count;
}
