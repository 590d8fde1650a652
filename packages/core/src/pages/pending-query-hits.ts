import type { Consolidation } from './consolidation.js';

/** Query hits held back before they are applied (beyond this many views, they are applied on the view path). */
export const MAX_PENDING_QUERY_HITS = 64;

/** One view's query hits, not applied yet. @internal */
export interface PendingQueryHit {
  /** The view's turn (the heat is added as of it). */
  turn: number;
  /** Units the log held then (a consolidated page counts only if the log had let it freeze by then). */
  length: number;
  /** The question's best matches (unit indices). */
  units: number[];
}

/** What applying held-back hits reads: page ids of units, and the consolidated pages (if any). @internal */
export interface QueryHitPages {
  idOf(unit: number): string;
  readonly consolidation: Consolidation | undefined;
}

/**
 * The query hits of views, held back until some page's heat is read or added to: naming a hit's
 * pages assigns page ids to the whole log and freezes every consolidated page the log lets
 * freeze (after a restore, all of it at once), which a view does not need — it reads no heat.
 * They are applied in order, before anything reads or adds heat (consults, `consolidate()`,
 * manifests, the page index, a snapshot keeps them as they are), each as its view would have:
 * its original pages, then the consolidated page holding each unit and the merged pages above
 * it. A consolidated page counts only if the log, at the hit's length, had let it freeze (the
 * boundary after its last unit is tested once `window` more units exist, and freezing never
 * depends on units logged later), and merged parents only through merges made before the hit
 * (every merge applies the held-back hits first). So the heat is the same as applying each at
 * its view. @internal
 */
export class PendingQueryHits {
  #hits: PendingQueryHit[] = [];

  /** Hits held back now. */
  get size(): number {
    return this.#hits.length;
  }

  /** Holds back one view's hits; returns true when there are more than {@link MAX_PENDING_QUERY_HITS} (the caller applies them). */
  add(hit: PendingQueryHit): boolean {
    this.#hits.push(hit);
    return this.#hits.length > MAX_PENDING_QUERY_HITS;
  }

  /** The held hits, oldest first (for a snapshot). */
  list(): readonly PendingQueryHit[] {
    return this.#hits;
  }

  /** Empties the list and calls `warm` for each page each hit reached (each once per hit), in order. */
  apply(pages: QueryHitPages, warm: (pageId: string, turn: number) => void): void {
    const hits = this.#hits;
    if (hits.length === 0) return;
    this.#hits = [];
    const { consolidation } = pages;
    for (const { turn, length, units } of hits) {
      const reached = new Set<string>();
      for (const unit of units) {
        reached.add(pages.idOf(unit));
        let page = consolidation?.holderOf(unit);
        if (!page || page.last + 1 + consolidation!.options.window > length) continue;
        while (page) {
          reached.add(page.id);
          page = page.parent === undefined ? undefined : consolidation!.get(page.parent);
        }
      }
      for (const pageId of reached) warm(pageId, turn);
    }
  }
}
