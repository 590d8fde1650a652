/**
 * How an injected embedder's similarity joins the lexical intent match: `'add'` blends the two
 * (the dense share of the intent signal is `share`), `'rerank'` lets the dense similarity reorder
 * only the units that already match the query lexically (shared terms or BM25), `'replace'`
 * uses dense cosine alone wherever both sides are embedded (the behaviour before these options).
 */
export type DenseCombine = 'add' | 'rerank' | 'replace';

/** Options of the dense signal (only used with an `embedder`). */
export interface DenseOptions {
  /** @default DEFAULT_DENSE_OPTIONS.combine */
  combine?: DenseCombine;
  /**
   * Share of the intent signal the dense similarity takes in `'add'` and `'rerank'`, 0–1; the
   * dense similarity is relative (a unit's cosine above the 90th percentile of all units', scaled
   * to 1 at the best), so it only lifts units that stand out. @default DEFAULT_DENSE_OPTIONS.share
   */
  share?: number;
}

/** Defaults of {@link DenseOptions}. */
export const DEFAULT_DENSE_OPTIONS: Readonly<Required<DenseOptions>> = Object.freeze({ combine: 'add', share: 0.5 });

/** Resolved dense options. @internal */
export type ResolvedDenseOptions = Readonly<Required<DenseOptions>>;
