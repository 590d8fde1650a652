import { mdlQuality, measuredAnchors } from '@cairn/core';

/** Anchors by text, so a message seen in many views (and replays) is scanned once. */
export type AnchorCache = Map<string, readonly string[]>;

/** Texts an {@link AnchorCache} keeps at most before it starts over. */
const MAX_CACHED_TEXTS = 50_000;

/**
 * The anchors `measuredAnchors` finds in a text, through a cache.
 *
 * @param text - Any text.
 * @param cache - Where texts already scanned are kept.
 */
export function cachedAnchors(text: string, cache: AnchorCache): readonly string[] {
  let anchors = cache.get(text);
  if (anchors === undefined) {
    if (cache.size >= MAX_CACHED_TEXTS) cache.clear();
    anchors = measuredAnchors(text);
    cache.set(text, anchors);
  }
  return anchors;
}

/**
 * The MDL quality of a view, any strategy's (context sovereignty's measure): compression ratio
 * (history tokens over view tokens) × (1 − share of the history's anchors — ids, numbers, names,
 * negations, as `@cairn/core`'s `measuredAnchors` finds them — not found in the view's messages by the same extractor). An
 * empty view scores 0; the whole history scores 1 (ratio 1, nothing lost).
 *
 * @param input - The distinct anchors of the history so far, its tokens, the view's tokens, the
 *   texts of its messages, and the anchor cache.
 * @returns The quality (≥ 0; above 1 when the view is smaller than the history and loses little).
 *
 * @example
 * ```ts
 * viewMdlQuality({ historyAnchors: new Set(['ORD-4821']), historyTokens: 1000, viewTokens: 250, texts: ['refund ORD-4821'], cache: new Map() }); // 4
 * ```
 */
export function viewMdlQuality({ historyAnchors, historyTokens, viewTokens, texts, cache }: { historyAnchors: ReadonlySet<string>; historyTokens: number; viewTokens: number; texts: readonly string[]; cache: AnchorCache }): number {
  // An anchor is kept when the same extractor finds it in the view's messages (a verbatim search
  // of every history anchor through the whole view costs anchors × view length per turn).
  const shown = new Set<string>();
  for (const text of texts) for (const anchor of cachedAnchors(text, cache)) shown.add(anchor);
  let lost = 0;
  for (const anchor of historyAnchors) if (!shown.has(anchor)) lost += 1;
  return mdlQuality({ originalTokens: historyTokens, projectedTokens: viewTokens, anchors: historyAnchors.size, anchorsLost: lost }).quality;
}
