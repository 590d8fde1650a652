/**
 * Options of consolidated pages (PCP): `ContextEngineOptions.pages.consolidation`. Every field is
 * optional; `false` turns consolidation off.
 */
export interface ConsolidationOptions {
  /** Freeze original pages into consolidated pages and show the page index in the view. @default true */
  enabled?: boolean;
  /**
   * Topic pivot: lexical cohesion (cosine of the term bags of the `window` pages before and the
   * `window` pages after a boundary) below this freezes the open pages before the boundary.
   * @default 0.1
   */
  pivotSimilarity?: number;
  /** Pages on each side of a boundary that the pivot compares. @default 4 */
  window?: number;
  /** Fewest pages a consolidated page freezes on a pivot. @default 6 */
  minPages?: number;
  /** Tokens of open original pages past which they freeze whatever the topic (length overflow). @default 4000 */
  maxTokens?: number;
  /** Consolidated pages whose keywords' cosine is at least this share a topic id. @default 0.3 */
  topicSimilarity?: number;
  /**
   * Share of a view's budget the page index (consolidated pages listed after the history, with
   * consulted ones at their view) may take; fewer lines when they do not fit. 0: no page index in
   * the view — the default, because on LoCoMo it did not raise reachable recall enough to pay
   * for the history it takes (packages/bench/README.md, "where cairn loses"); consolidated pages
   * are still built and can be consulted, listed and merged. Try 0.08.
   * @default 0
   */
  indexShare?: number;
  /** Metabolic merging: a consolidated page is stale once this many original pages came after it. @default 60 */
  staleAfterPages?: number;
  /**
   * The extractive summary of a consolidated page also keeps plain sentences with at least
   * `PLAIN_FACT_TERMS` (3) content terms ("I went to a support group yesterday"), not only those
   * with an anchor, a negation, a conclusion or reasoning. On by default, with the
   * Background_Context block (`background`): a page the block names is one consult away, and its
   * summary is where the folded facts come back (packages/bench/README.md, pages section; the
   * block's recall was measured with both on). `false`: the summaries as before.
   * @default true
   */
  plainFacts?: boolean;
  /**
   * Page index lines of pages in Summary: `'full'` (id, range, size, 5 keywords), `'compact'`
   * (id and 3 keywords: more pages fit the share) or `'ids'` (bare ids, packed
   * 10 to a line after a one-line header, in log order: about 5 tokens
   * a page, so every top-level page fits where `'compact'` lists a few — each id one consult
   * away from its summary). Experiments, measured in packages/bench/README.md.
   * @default 'full'
   */
  indexLines?: 'full' | 'compact' | 'ids';
  /**
   * Metabolic merging, by time: also stale only when `now()` is at least this many milliseconds
   * after the page's newest timestamp (pages without timestamps count as stale). `undefined`: pages only.
   * @default undefined
   */
  staleAfterMs?: number;
  /**
   * Dual-decay overflow (the seed's Background_Context): placeholder runs do not show in the
   * history; a `[cairn:background]` block where the first of them was names the pages they held
   * instead — the top-level consolidated page of each folded unit (its original page when none
   * holds it yet), as bare ids in log order, the pages best in time × relevance (the units'
   * scores) with two keywords — paid for by the tokens the runs took and the plan left unused, so
   * the plan, and what the history shows, stay as without it. A run whose pages do not fit stays
   * a run (the oldest runs fold first). While the runs stay the same, later turns show the same
   * block, byte for byte; a turn that frees more history keeps it and folds the new region into a
   * later block (at most 4) or extends the last block after its bytes, so a prompt cache keeps
   * what comes before (the blocks are in snapshots: a restored engine shows them too). On by
   * default: reachable evidence recall at 10% of LoCoMo 99.8 / 99.6% (development / held out)
   * against 86.7 / 86.8% without it, in view equal; prefix stability equal to this version with
   * it off, and steady and new-question assemble p50 within about a millisecond of it (p95 higher
   * at 10,000 messages); against the engine before pages existed both kinds of turn are faster
   * with it on at 1,000 and 10,000 messages (packages/core/README.md, "Background_Context
   * block"). With it on, each ingest freezes
   * the consolidated pages the log lets freeze (the block names them; a first view no longer
   * freezes them all). `false` turns it off (placeholder runs show as before; add `plainFacts:
   * false` for the summaries as before); `consolidation: false` turns it off too, unless it is
   * asked for here by name.
   * @default true
   */
  background?: boolean;
}

/** Consolidation options with every default applied. @internal */
export interface ResolvedConsolidationOptions {
  enabled: boolean;
  pivotSimilarity: number;
  window: number;
  minPages: number;
  maxTokens: number;
  topicSimilarity: number;
  indexShare: number;
  staleAfterPages: number;
  staleAfterMs: number | undefined;
  plainFacts: boolean;
  indexLines: 'full' | 'compact' | 'ids';
  background: boolean;
}

/** Default consolidation: on, pivot below 0.1 cohesion over 4 pages a side, at least 6 pages, 4,000 tokens, topics at 0.3, no page index in the view, stale after 60 pages; plain facts and the Background_Context block on. */
export const DEFAULT_CONSOLIDATION_OPTIONS: Readonly<ResolvedConsolidationOptions> = Object.freeze({
  enabled: true,
  pivotSimilarity: 0.1,
  window: 4,
  minPages: 6,
  maxTokens: 4000,
  topicSimilarity: 0.3,
  indexShare: 0,
  staleAfterPages: 60,
  staleAfterMs: undefined,
  plainFacts: true,
  indexLines: 'full',
  background: true,
});
