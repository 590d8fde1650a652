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
  /**
   * The same share on agent turns (no query), where units are scored against the dense direction
   * D_t (moved by each new user message). 0 by default: on the synthetic agent sessions, 0.5
   * lowered prefix stability (65.6 → 60.2% at a 5% budget, 78.1 → 71.8% at 10%, 91.8 → 87.2% at
   * 20%) and raised billed tokens, with dead-end exposure and anchor retention at 100% either way.
   * @default DEFAULT_DENSE_OPTIONS.agentShare
   */
  agentShare?: number;
}

/** Defaults of {@link DenseOptions}. */
export const DEFAULT_DENSE_OPTIONS: Readonly<Required<DenseOptions>> = Object.freeze({ combine: 'add', share: 0.5, agentShare: 0 });

/** Resolved dense options. @internal */
export type ResolvedDenseOptions = Readonly<Required<DenseOptions>>;
