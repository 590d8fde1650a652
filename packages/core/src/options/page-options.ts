import { DEFAULT_CONSOLIDATION_OPTIONS, type ConsolidationOptions, type ResolvedConsolidationOptions } from './consolidation-options.js';

/** Options of pages and zoom (PCP): `ContextEngineOptions.pages`. Every field is optional. */
export interface PageOptions {
  /**
   * Share of a view's history budget that consulted pages (view `Detail`) may take. Past it, the
   * oldest consult is shelved first (recorded in the reasoning trace).
   * @default 0.5
   */
  detailShare?: number;
  /** Ids one `consult` or `shelve` call acts on; the rest come back as `skipped`. @default 32 */
  maxIdsPerCall?: number;
  /** Characters of a consult / shelve reason kept in the reasoning trace. @default 200 */
  maxReasonChars?: number;
  /**
   * Show each page's short-hash id in placeholders (`page=…`, runs `pages=first..last`). Off by
   * default: a hex id costs 4–8 tokens per placeholder, which the budget takes from what the view
   * shows; the ids placeholders already name (`id=…`, `from=… to=…`) are accepted by `consult`
   * too, so the default view costs nothing more and every placeholder still names what to consult.
   * @default false
   */
  showPageIds?: boolean;
  /** Steps of the reasoning trace shown after the history (the latest ones; 0 shows no trace). @default 6 */
  traceSteps?: number;
  /**
   * Consolidated pages: original pages frozen on a topic pivot or past a token length, merged
   * when stale by `engine.consolidate()`, listed in a page index after the history. `false`: off.
   * @default {@link DEFAULT_CONSOLIDATION_OPTIONS}
   */
  consolidation?: ConsolidationOptions | false;
}

/** Pages options with every default applied. @internal */
export interface ResolvedPageOptions {
  detailShare: number;
  maxIdsPerCall: number;
  maxReasonChars: number;
  traceSteps: number;
  showPageIds: boolean;
  consolidation: ResolvedConsolidationOptions;
}

/** Default page options: detail share 0.5, 32 ids per call, reasons cut at 200 characters, 6 trace steps, no page ids in placeholders. */
export const DEFAULT_PAGE_OPTIONS: Readonly<ResolvedPageOptions> = Object.freeze({
  detailShare: 0.5,
  maxIdsPerCall: 32,
  maxReasonChars: 200,
  traceSteps: 6,
  showPageIds: false,
  consolidation: DEFAULT_CONSOLIDATION_OPTIONS,
});
