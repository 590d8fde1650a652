/**
 * A consolidated page as the index keeps it: a synthesis of consecutive pages (original pages at
 * level 1, consolidated pages above), covering the units `first..last` of the log. @internal
 */
export interface ConsolidatedPage {
  /** Short hash (8 hex characters), stable: the same sources give the same id. */
  readonly id: string;
  /** 1: frozen from original pages; n + 1: merged from pages of level ≤ n. */
  readonly level: number;
  /** Page ids of its sub-pages, in log order (original page ids at level 1). */
  readonly children: readonly string[];
  /** First and last unit it covers. */
  readonly first: number;
  readonly last: number;
  /** Topic partition (pages whose term bags are alike share it). */
  readonly topic: number;
  /** Why it was frozen: a topic pivot, a length overflow, a system message, or a metabolic merge. */
  readonly trigger: 'pivot' | 'length' | 'boundary' | 'merge';
  /** The merged page that holds it, once merged. */
  parent?: string;
}
