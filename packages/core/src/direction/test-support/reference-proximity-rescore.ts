/**
 * Test support: a question's second scoring pass as it was before it rescored only the units
 * whose graph proximity moved (issue 17): it never counts as "only proximity moved", so every
 * unit is scored again.
 */
export type { PassDirection, ScoringPass } from '../proximity-rescore.js';

/** Never: the second pass rescores every unit. */
export function onlyProximityMoved(): boolean {
  return false;
}

/** Unused by the reference (nothing is skipped). */
export function proximityChanges(): number[] {
  return [];
}
