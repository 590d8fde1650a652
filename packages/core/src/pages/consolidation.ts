import type { SessionLog } from '../log/index.js';
import type { ResolvedConsolidationOptions } from '../options/index.js';
import { mergeTermBags, vectorFromBag, type TermBag } from '../text/index.js';
import type { ConsolidatedPage } from './consolidated-page.js';
import { pageIdOf } from './page-id.js';
import { pageTopology, type PageLink } from './page-topology.js';
import type { ZoomState } from './page-types.js';
import { newSegmentCursor, segmentPages, type SegmentCursor } from './segment-pages.js';
import { summarizeConsolidated } from './summarize-consolidated.js';
import { TopicCentroid } from './topic-centroid.js';

/** Sub-pages one metabolic merge joins at most (longer runs merge in several pages; later calls merge those). */
export const MAX_MERGE_CHILDREN = 8;
/** Pages whose merged term bags {@link Consolidation.bag} keeps (past it, it starts afresh). */
const MAX_CACHED_BAGS = 256;

/** What consolidation reads from the page book (passed in, so the two never import each other). @internal */
export interface PageAddressing {
  sessionId: string;
  /** The original page id of a unit. */
  idOf(unit: number): string;
  /** True when an id is taken by an original page or a message. */
  taken(id: string): boolean;
}

/**
 * The consolidated pages of one session: level-1 pages frozen from consecutive original pages
 * (topic pivot, length overflow; see {@link segmentPages}), merged pages made by
 * {@link Consolidation.merge} (consolidated pages of consolidated pages), their topic partitions,
 * and the views of those consulted. Level-1 pages derive from the log alone; merges are recorded
 * (in snapshots) and replayed. @internal
 */
export class Consolidation {
  readonly #pages = new Map<string, ConsolidatedPage>();
  /** Level-1 pages in log order. */
  readonly #level1: ConsolidatedPage[] = [];
  readonly #cursor: SegmentCursor = newSegmentCursor();
  readonly #topics: TopicCentroid[] = [];
  readonly #summaries = new Map<string, { key: string; summary: string }>();
  /** Summaries an injected summariser wrote, by page id, with the {@link Consolidation.contentKey} they were written for. */
  readonly written = new Map<string, { key: string; summary: string }>();
  /** Merges done, each as its children's ids, in order (what a snapshot keeps). */
  readonly merges: string[][] = [];
  /** Consolidated pages above Summary, by id. */
  readonly zoom = new Map<string, ZoomState>();
  /** {@link Consolidation.roots}, kept until a page is frozen or merged. */
  #roots: ConsolidatedPage[] | undefined;
  /** {@link Consolidation.bag} of pages lately asked for, with the units and message count it was merged from. */
  readonly #bags = new Map<string, { first: number; last: number; messages: number; bag: TermBag }>();

  constructor(
    readonly log: SessionLog,
    readonly options: ResolvedConsolidationOptions,
    readonly addressing: PageAddressing,
  ) {}

  /** Freezes the original pages that the log now lets freeze. */
  sync(): void {
    for (const segment of segmentPages(this.log, this.#cursor, this.options)) {
      const children: string[] = [];
      for (let unit = segment.first; unit <= segment.last; unit++) children.push(this.addressing.idOf(unit));
      const bag = this.#bag(segment.first, segment.last);
      const page: ConsolidatedPage = {
        id: this.#newId(`consolidated:${children[0]}:${children[children.length - 1]}`),
        level: 1,
        children,
        first: segment.first,
        last: segment.last,
        topic: this.#topicOf(bag),
        trigger: segment.trigger,
      };
      this.#pages.set(page.id, page);
      this.#level1.push(page);
      this.#roots = undefined;
    }
  }

  /** The consolidated page with this id. */
  get(id: string): ConsolidatedPage | undefined {
    this.sync();
    return this.#pages.get(id);
  }

  /** Every consolidated page, level 1 first in log order, then merged pages in the order they were made. */
  all(): ConsolidatedPage[] {
    this.sync();
    // Not the map's insertion order: a level-1 page frozen after a merge would come after the
    // merged page live, but before it in an engine restored from a snapshot (which freezes the
    // whole log before it replays the merges).
    const merged = [...this.#pages.values()].filter((page) => page.level > 1);
    return [...this.#level1, ...merged];
  }

  /** Top-level consolidated pages (held by no merged page), in log order. */
  roots(): ConsolidatedPage[] {
    this.sync();
    this.#roots ??= [...this.#pages.values()].filter((page) => page.parent === undefined).sort((a, b) => a.first - b.first);
    return [...this.#roots];
  }

  /** The level-1 page holding a unit, if it is consolidated. */
  holderOf(unit: number): ConsolidatedPage | undefined {
    this.sync();
    let low = 0;
    let high = this.#level1.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const page = this.#level1[middle]!;
      if (unit < page.first) high = middle - 1;
      else if (unit > page.last) low = middle + 1;
      else return page;
    }
    return undefined;
  }

  /** The outermost page holding a unit: its top-level consolidated page, else its original page id. */
  outermostOf(unit: number): string {
    let page = this.holderOf(unit);
    if (!page) return this.addressing.idOf(unit);
    while (page.parent !== undefined) page = this.#pages.get(page.parent)!;
    return page.id;
  }

  /** The unit ranges of a page's sub-pages. */
  childRanges(page: ConsolidatedPage): { first: number; last: number }[] {
    if (page.level === 1) {
      const ranges: { first: number; last: number }[] = [];
      for (let unit = page.first; unit <= page.last; unit++) ranges.push({ first: unit, last: unit });
      return ranges;
    }
    return page.children.map((id) => this.#pages.get(id)!);
  }

  /** The page's summary: the one the summariser wrote for its content now, else {@link Consolidation.extractiveSummary}. */
  summary(page: ConsolidatedPage): string {
    const written = this.written.get(page.id);
    return written && written.key === this.contentKey(page) ? written.summary : this.extractiveSummary(page);
  }

  /** What a written summary is valid for: the page's units and how many messages they hold (a tool result arriving later changes it). */
  contentKey(page: ConsolidatedPage): string {
    let messages = 0;
    for (let unit = page.first; unit <= page.last; unit++) messages += this.log.units[unit]!.positions.length;
    return `${page.first}-${page.last}-${messages}`;
  }

  /** The page's extractive summary (cached until one of its units changes). */
  extractiveSummary(page: ConsolidatedPage): string {
    const key = this.#versionKey(page);
    const cached = this.#summaries.get(page.id);
    if (cached && cached.key === key) return cached.summary;
    const summary = summarizeConsolidated(this.log, this.childRanges(page), this.options.plainFacts);
    this.#summaries.set(page.id, { key, summary });
    return summary;
  }

  /** Links between the page's sub-pages and to pages outside it. */
  topology(page: ConsolidatedPage): PageLink[] {
    return pageTopology(this.log, this.childRanges(page), (unit) => this.outermostOf(unit));
  }

  /**
   * The merged term bag of the page's units, kept per page while its units hold the same messages
   * (a unit's bag changes only when a message joins it; at most {@link MAX_CACHED_BAGS} pages).
   */
  bag(page: ConsolidatedPage): TermBag {
    let messages = 0;
    for (let unit = page.first; unit <= page.last; unit++) messages += this.log.units[unit]!.positions.length;
    const cached = this.#bags.get(page.id);
    if (cached && cached.first === page.first && cached.last === page.last && cached.messages === messages) return cached.bag;
    const bag = this.#bag(page.first, page.last);
    if (this.#bags.size >= MAX_CACHED_BAGS) this.#bags.clear();
    this.#bags.set(page.id, { first: page.first, last: page.last, messages, bag });
    return bag;
  }

  /** The page's view now. */
  viewOf(id: string): 'Summary' | 'Detail' | 'Unpacked' {
    return this.zoom.get(id)?.view ?? 'Summary';
  }

  /**
   * Original pages logged after the page (its staleness in pages), and whether it is stale: at
   * least `staleAfterPages` of them and, with `staleAfterMs`, `now` that long after its newest
   * timestamp (no timestamp: stale).
   */
  staleness(page: ConsolidatedPage, now: number | undefined): { pages: number; stale: boolean } {
    const pages = Math.max(0, this.log.units.length - 1 - page.last);
    let stale = pages >= this.options.staleAfterPages;
    if (stale && this.options.staleAfterMs !== undefined && now !== undefined) {
      const newest = this.log.unitMessages(page.last).reduce<number | undefined>((latest, message) => (message.timestamp === undefined ? latest : Math.max(latest ?? message.timestamp, message.timestamp)), undefined);
      stale = newest === undefined || now - newest >= this.options.staleAfterMs;
    }
    return { pages, stale };
  }

  /**
   * Metabolic merging: adjacent top-level pages of the same topic that are all stale merge into
   * one page (at most {@link MAX_MERGE_CHILDREN} each; a later call can merge those again).
   * Pages in a consulted view, and pages `hot` says are still in use (heat from consults and
   * query hits), are left as they are: the coldest stale runs merge first. Returns the merged
   * pages made.
   */
  merge(now: number | undefined, hot: (pageId: string) => boolean = () => false): ConsolidatedPage[] {
    const roots = this.roots();
    const made: ConsolidatedPage[] = [];
    let run: ConsolidatedPage[] = [];
    const flush = (): void => {
      for (let start = 0; run.length - start >= 2; start += MAX_MERGE_CHILDREN) {
        const group = run.slice(start, start + MAX_MERGE_CHILDREN);
        if (group.length >= 2) made.push(this.#join(group));
      }
      run = [];
    };
    for (const page of roots) {
      const mergeable = !this.zoom.has(page.id) && !hot(page.id) && this.staleness(page, now).stale;
      if (!mergeable || (run.length > 0 && run[0]!.topic !== page.topic)) flush();
      if (mergeable) run.push(page);
    }
    flush();
    return made;
  }

  /**
   * Replays a recorded merge (from a snapshot). A merge whose children are not adjacent
   * top-level pages any more (the log or the options changed) is skipped: returns false.
   */
  replay(children: readonly string[]): boolean {
    const pages = children.map((id) => this.get(id));
    if (pages.length < 2 || pages.some((page) => page === undefined || page.parent !== undefined)) return false;
    const roots = this.roots();
    const start = roots.indexOf(pages[0]!);
    if (!pages.every((page, offset) => roots[start + offset] === page)) return false;
    this.#join(pages as ConsolidatedPage[]);
    return true;
  }

  #join(group: readonly ConsolidatedPage[]): ConsolidatedPage {
    const children = group.map((page) => page.id);
    const page: ConsolidatedPage = {
      id: this.#newId(`merged:${children.join(',')}`),
      level: Math.max(...group.map((child) => child.level)) + 1,
      children,
      first: group[0]!.first,
      last: group[group.length - 1]!.last,
      topic: group[0]!.topic,
      trigger: 'merge',
    };
    for (const child of group) child.parent = page.id;
    this.#pages.set(page.id, page);
    this.#roots = undefined;
    this.merges.push(children);
    return page;
  }

  #newId(key: string): string {
    let attempt = 0;
    let id = pageIdOf(this.addressing.sessionId, key);
    while (this.#pages.has(id) || this.addressing.taken(id)) id = pageIdOf(this.addressing.sessionId, key, ++attempt);
    return id;
  }

  #bag(first: number, last: number): TermBag {
    const bags: TermBag[] = [];
    for (let unit = first; unit <= last; unit++) bags.push(this.log.unitFeatures(unit).bag);
    return mergeTermBags(bags);
  }

  /** The topic partition of a new level-1 page: the most alike earlier topic at `topicSimilarity` or more, else a new one. */
  #topicOf(bag: TermBag): number {
    const vector = vectorFromBag(bag);
    let best = -1;
    let bestSimilarity = this.options.topicSimilarity;
    this.#topics.forEach((topic, index) => {
      const similarity = topic.cosine(vector);
      if (similarity >= bestSimilarity && (best < 0 || similarity > bestSimilarity)) {
        best = index;
        bestSimilarity = similarity;
      }
    });
    if (best < 0) {
      this.#topics.push(new TopicCentroid(bag));
      return this.#topics.length - 1;
    }
    this.#topics[best]!.add(bag);
    return best;
  }

  #versionKey(page: ConsolidatedPage): string {
    let key = '';
    for (let unit = page.first; unit <= page.last; unit++) key += `${this.log.units[unit]!.version},`;
    return key;
  }
}
