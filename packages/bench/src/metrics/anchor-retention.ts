/**
 * Anchor retention: the share of a planted fact's anchors (ids, numbers, names) that appear
 * verbatim in the view's text when the fact's probe is asked.
 *
 * @param anchors - The anchors to look for.
 * @param text - The view's text.
 * @returns A share from 0 to 1, or `undefined` when there are no anchors.
 *
 * @example
 * ```ts
 * anchorRetention(['CUST-48213', '$1,200'], 'customer CUST-48213'); // 0.5
 * ```
 */
export function anchorRetention(anchors: readonly string[], text: string): number | undefined {
  if (anchors.length === 0) return undefined;
  let found = 0;
  for (const anchor of anchors) if (text.includes(anchor)) found += 1;
  return found / anchors.length;
}
