/** Agreement of two labellers on yes/no labels, corrected for chance. */
export interface KappaResult {
  /** Items both labelled. */
  items: number;
  /** Share of items on which they agree (p_o). */
  observedAgreement: number;
  /** Share they would agree on by chance, from each one's own rate of `true` (p_e). */
  expectedAgreement: number;
  /** Cohen's kappa, (p_o − p_e) / (1 − p_e); 1 when p_e is 1 (both gave every item the same label), `NaN` for no items. */
  kappa: number;
}

/**
 * Cohen's kappa for two labellers' binary labels of the same items.
 *
 * @param pairs - `[first, second]` label per item.
 * @returns Observed and chance agreement and kappa.
 *
 * @example
 * ```ts
 * cohensKappa([[true, true], [false, false], [true, false], [false, false]]).kappa; // 0.5
 * ```
 */
export function cohensKappa(pairs: readonly (readonly [boolean, boolean])[]): KappaResult {
  const items = pairs.length;
  if (items === 0) return { items, observedAgreement: Number.NaN, expectedAgreement: Number.NaN, kappa: Number.NaN };
  let agree = 0;
  let firstYes = 0;
  let secondYes = 0;
  for (const [first, second] of pairs) {
    if (first === second) agree++;
    if (first) firstYes++;
    if (second) secondYes++;
  }
  const observedAgreement = agree / items;
  const expectedAgreement = (firstYes / items) * (secondYes / items) + (1 - firstYes / items) * (1 - secondYes / items);
  const kappa = expectedAgreement === 1 ? 1 : (observedAgreement - expectedAgreement) / (1 - expectedAgreement);
  return { items, observedAgreement, expectedAgreement, kappa };
}
