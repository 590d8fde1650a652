import { cohensKappa, type KappaResult } from './cohens-kappa.js';

/** One item the two labellers labelled differently. */
export interface LabelDisagreement {
  id: string;
  first: boolean;
  second: boolean;
}

/** How two labellers' yes/no labels compare on the items both labelled. */
export interface LabellerComparison extends KappaResult {
  /** Counts of the 2×2 table: both yes, first only, second only, both no. */
  bothTrue: number;
  firstOnly: number;
  secondOnly: number;
  bothFalse: number;
  /** The items they disagree on, in the first labeller's order. */
  disagreements: LabelDisagreement[];
  /** Items only one of them labelled (not compared). */
  onlyFirst: number;
  onlySecond: number;
}

/**
 * Compares two labellers: Cohen's kappa, the 2×2 table and the disagreements, on the ids both labelled.
 *
 * @param first - Id → label from the first labeller.
 * @param second - Id → label from the second labeller.
 * @returns The comparison.
 */
export function compareLabellers(first: ReadonlyMap<string, boolean>, second: ReadonlyMap<string, boolean>): LabellerComparison {
  const shared = [...first.keys()].filter((id) => second.has(id));
  const pairs = shared.map((id) => [first.get(id)!, second.get(id)!] as const);
  const count = (wanted: readonly [boolean, boolean]): number => pairs.filter(([a, b]) => a === wanted[0] && b === wanted[1]).length;
  return {
    ...cohensKappa(pairs),
    bothTrue: count([true, true]),
    firstOnly: count([true, false]),
    secondOnly: count([false, true]),
    bothFalse: count([false, false]),
    disagreements: shared.filter((id) => first.get(id) !== second.get(id)).map((id) => ({ id, first: first.get(id)!, second: second.get(id)! })),
    onlyFirst: first.size - shared.length,
    onlySecond: [...second.keys()].filter((id) => !first.has(id)).length,
  };
}
