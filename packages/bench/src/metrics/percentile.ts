/**
 * The `share` percentile of some numbers (nearest rank on the sorted values).
 *
 * @param values - The numbers, in any order.
 * @param share - 0.5 for the median, 0.95 for p95.
 * @returns The percentile, or `undefined` for no values.
 *
 * @example
 * ```ts
 * percentile([3, 1, 2], 0.5); // 2
 * ```
 */
export function percentile(values: readonly number[], share: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((left, right) => left - right);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank];
}
