import { createContextEngine, restoreContextEngine, type CairnMessage, type ConsolidationOptions, type ContextEngine, type PageManifest, type PageOptions, type TokenCounter, type ViewMessage } from '@cairn/core';
import { contentWords, evidenceRecall, textWords, wordCoverage } from '../metrics/index.js';
import type { BenchmarkProbe } from '../runner/index.js';
import { namedIds } from './named-ids.js';
import { backgroundIds } from './background-ids.js';

/** Pages the scripted zoom agent consults per probe. @default 3 */
export const DEFAULT_CONSULTS_PER_PROBE = 3;
/** Ids one consult call takes (the engine's default `pages.maxIdsPerCall`). */
const IDS_PER_CALL = 32;

/** Input of {@link measurePageRecall}. */
export interface PageRecallOptions {
  sessionId: string;
  messages: readonly CairnMessage[];
  probes: readonly BenchmarkProbe[];
  /** Budget as a share of the history's tokens. */
  budgetShare: number;
  counter: TokenCounter;
  /** Pages the zoom agent consults per probe. */
  consultsPerProbe?: number;
  /** Consolidated pages and the page index in the view (the engine's default); `false`: off. @default true */
  consolidation?: boolean;
  /** Consolidation options to try instead of the defaults (with `consolidation` on). */
  consolidationOptions?: ConsolidationOptions;
  /** Rounds of `engine.consolidate()` (metabolic merging, as a host's idle hook runs it) after ingesting. @default 0 */
  idleRounds?: number;
  /** Other page options to try (`showPageIds`, …), besides `consolidation`. */
  pageOptions?: Omit<PageOptions, 'consolidation'>;
  /** Called once per counted probe with what the zoom agent did (for looking into single probes). */
  onProbe?: (probe: ProbeTrace) => void;
}

/** One probe of {@link measurePageRecall}, as `onProbe` receives it. */
export interface ProbeTrace {
  question: string;
  /** Evidence messages in the probe's first view, and after the zoom round. */
  inView: number;
  afterZoom: number;
  evidence: number;
  /** Pages the zoom agent consulted in its last call (best last), and the page it unpacked. */
  consulted: readonly string[];
  unpacked: string | undefined;
  /** Tokens of the view after the zoom round that are not history (briefs, page index). */
  briefTokens: number;
}

/**
 * The engine's `pages` options for a measurement: consolidation off, on with its defaults, or on
 * with `consolidationOptions`; plus `pageOptions`.
 *
 * @param options - The measurement's consolidation and page options.
 * @returns The `pages` engine option, or `undefined` for the engine's defaults.
 */
export function pageRecallPageOptions({ consolidation = true, consolidationOptions, pageOptions }: Pick<PageRecallOptions, 'consolidation' | 'consolidationOptions' | 'pageOptions'>): PageOptions | undefined {
  const pages: PageOptions = { ...pageOptions, ...(consolidation ? (consolidationOptions ? { consolidation: consolidationOptions } : {}) : { consolidation: false as const }) };
  return Object.keys(pages).length === 0 ? undefined : pages;
}

/** Means over the probes of one session at one budget. */
export interface PageRecall {
  probes: number;
  budget: number;
  /** Evidence recall of the probe's view (the bench's usual metric). */
  inView: number;
  /** Evidence in view, or on a page the view names by id whose summary / keywords keep it (one consult away). */
  reachable: number;
  /**
   * Stricter than `reachable`: the evidence is in view, or consulting the page that makes it
   * reachable (on a fresh copy, the question as the reason) and assembling again shows it — in
   * view, or in what the page index shows of the consulted page (a consolidated page's summary is
   * cut to the index's share, so a long summary that keeps it may still not show it).
   */
  reachableShown: number;
  /** As `reachable`, or on a page that listing a named run for the question shows with a summary that keeps it (two calls away). */
  reachableViaListing: number;
  /** Evidence recall after the scripted zoom agent's round (list the named runs, consult the best pages, assemble again). */
  afterZoom: number;
  /** Tokens of the tool results the zoom round added (the listing and the consult results). */
  zoomTokens: number;
  /** Tokens of the page index and the Background_Context block in the probe's view (0 with consolidation off). */
  indexTokens: number;
  /** Top-level consolidated pages in the index after ingesting the session (and the idle rounds). */
  consolidatedPages: number;
}

const INDEX_MARK = '[cairn:page-index]';

/** The consolidated page ids the view's page index lists, and the index's tokens. */
function indexedPages(view: readonly ViewMessage[], counter: TokenCounter): { ids: string[]; tokens: number } {
  for (const message of view) {
    if (typeof message.content !== 'string') continue;
    const at = message.content.indexOf(INDEX_MARK);
    if (at < 0) continue;
    const text = message.content.slice(at);
    // A line names one page (`- id …`), or several with `indexLines: 'ids'` (`- id id id`).
    const ids = [...text.matchAll(/^\s*- ([0-9a-f]{8,12})((?: [0-9a-f]{8,12})*)$|^\s*- ([0-9a-f]{8,12})\b/gm)].flatMap((match) => (match[1] ? [match[1], ...match[2]!.split(' ').filter((id) => id.length > 0)] : [match[3]!]));
    return { ids, tokens: counter.count(text) };
  }
  return { ids: [], tokens: 0 };
}

/** The original pages under a consolidated page (its leaves). */
function leafPages(engine: ContextEngine, id: string): PageManifest[] {
  const page = engine.getPage(id);
  if (!page) return [];
  if (page.type === 'Original') return [page];
  return (page.sources ?? []).flatMap((source) => leafPages(engine, source));
}

/** True when `page`'s summary and keywords keep the evidence (the bench's compressed-rendering criterion). */
function pageKeeps(page: PageManifest, message: CairnMessage, answer: string | undefined): boolean {
  const rendering = { id: `page:${page.id}`, role: 'user' as const, content: `${page.summary}\n${page.keywords.join(' ')}`, sourceIds: [message.id], fidelity: 'compressed' };
  return evidenceRecall({ view: [rendering], evidence: [message], ...(answer === undefined ? {} : { answer }) }) === 1;
}

/** The page index's text in a view ('' when there is none). */
function indexText(view: readonly ViewMessage[]): string {
  for (const message of view) {
    if (typeof message.content !== 'string') continue;
    const at = message.content.indexOf(INDEX_MARK);
    if (at >= 0) return message.content.slice(at);
  }
  return '';
}

function listedPageIds(text: string): string[] {
  return [...text.matchAll(/page=([0-9a-f]{8,12}) \(/g)].map((match) => match[1]!);
}

function matchScore(question: readonly string[], page: PageManifest): number {
  if (question.length === 0) return 0;
  return wordCoverage(question, new Set(textWords(`${page.summary} ${page.keywords.join(' ')}`)));
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

/**
 * Measures reachable evidence recall and a deterministic scripted zoom agent on one session at
 * one budget. Per probe, on a fresh copy of the engine (restored from the snapshot taken after
 * ingesting the whole session): assemble the probe's view; count evidence in view, evidence one
 * consult away (the view names its page and the page's summary keeps it), and evidence two calls
 * away (listing a named run for the question shows its page); then the zoom agent lists every
 * named run with the question as its reason (and every consolidated page only the
 * Background_Context block names, as `id..id`: its pages in the tool result, not in the view), consults the `consultsPerProbe` listed or named pages
 * whose summaries and keywords cover most of the question's content words (none when no page covers
 * any; the best last, as the newest consult), assembles again and counts evidence in view.
 *
 * @param options - The session, its probes, the budget share and the token counter.
 * @returns Means over the probes.
 */
export function measurePageRecall({ sessionId, messages, probes, budgetShare, counter, consultsPerProbe = DEFAULT_CONSULTS_PER_PROBE, consolidation = true, consolidationOptions, idleRounds = 0, pageOptions, onProbe }: PageRecallOptions): PageRecall {
  const pages = pageRecallPageOptions({ consolidation, ...(consolidationOptions ? { consolidationOptions } : {}), ...(pageOptions ? { pageOptions } : {}) });
  const engineOptions = { tokenCounter: counter, ...(pages ? { pages } : {}) };
  const engine = createContextEngine({ sessionId, ...engineOptions });
  engine.ingest(messages);
  for (let round = 0; round < idleRounds; round++) if (engine.consolidate().merged.length === 0) break;
  const historyTokens = engine.assemble({ budget: Number.MAX_SAFE_INTEGER }).metadata.historyTokens;
  const budget = Math.max(1, Math.round(budgetShare * historyTokens));
  const snapshot = engine.snapshot();
  const byId = new Map(messages.map((message) => [message.id, message]));
  const consolidatedPages = engine.listPages('Consolidated').filter((page) => page.parent === undefined).length;
  const sums = { inView: 0, reachable: 0, reachableShown: 0, reachableViaListing: 0, afterZoom: 0, zoomTokens: 0, indexTokens: 0 };
  let counted = 0;
  for (const probe of probes) {
    const evidence = probe.evidence.flatMap((id) => byId.get(id) ?? []);
    if (evidence.length === 0) continue;
    const answer = probe.answer;
    const copy: ContextEngine = restoreContextEngine(snapshot, engineOptions);
    const view: ViewMessage[] = copy.assemble({ budget, query: probe.question }).messages;
    const keptInView = (message: CairnMessage, shown: readonly ViewMessage[]) => evidenceRecall({ view: shown, evidence: [message], ...(answer === undefined ? {} : { answer }) }) === 1;
    const { singles, ranges } = namedIds(view);
    const namedUnits = new Set(singles.map((id) => copy.getPage(id)?.id).filter((id): id is string => id !== undefined));
    const index = indexedPages(view, counter);
    // The Background_Context block (pages.consolidation.background) names pages as the index does.
    const background = backgroundIds(view, counter);
    // Consolidated pages only the block names: the block's header offers `id..id`, which lists
    // their pages in the tool result (as a placeholder run's from..to does), not in the view.
    const blockRoots = new Set<string>();
    for (const id of background.ids) {
      const page = copy.getPage(id);
      if (page?.type === 'Original') namedUnits.add(page.id);
      else if (page && !index.ids.includes(id)) {
        index.ids.push(id);
        blockRoots.add(id);
        ranges.push(`${id}..${id}`);
      }
    }
    index.tokens += background.tokens;
    // Consolidated pages the index lists: the page holding each original page under it.
    const listedUnder = new Map<string, PageManifest>();
    for (const id of index.ids) {
      const root = copy.getPage(id);
      if (root) for (const leaf of leafPages(copy, id)) listedUnder.set(leaf.id, root);
    }
    // The agent's listing call: every named run, reason = the question.
    let zoomTokens = 0;
    const listed = new Set<string>();
    for (const batch of chunks(ranges, IDS_PER_CALL)) {
      const text = copy.consult({ ids: batch, reason: probe.question }).text;
      zoomTokens += counter.count(text);
      for (const id of listedPageIds(text)) listed.add(id);
    }
    let inView = 0;
    let reachable = 0;
    let shown = 0;
    let viaListing = 0;
    /** Consults `id` on a fresh copy and tells whether the view then shows `message`. */
    const consultShows = (id: string, message: CairnMessage): boolean => {
      const fresh = restoreContextEngine(snapshot, engineOptions);
      fresh.consult({ ids: [id], reason: probe.question });
      const after = fresh.assemble({ budget, query: probe.question }).messages;
      if (keptInView(message, after)) return true;
      const text = indexText(after);
      return text.length > 0 && pageKeeps({ ...copy.getPage(id)!, summary: text, keywords: [] }, message, answer);
    };
    for (const message of evidence) {
      if (keptInView(message, view)) {
        inView++;
        reachable++;
        shown++;
        viaListing++;
        continue;
      }
      const page = copy.getPage(message.id);
      if (!page) continue;
      const root = listedUnder.get(page.id);
      // One consult: a named page, or a listed consolidated page (Detail shows its summary), that keeps it.
      const named = namedUnits.has(page.id) && pageKeeps(page, message, answer);
      if (named || (root && pageKeeps(root, message, answer))) {
        reachable++;
        if (consultShows(named ? page.id : root!.id, message)) shown++;
        viaListing++;
      } else if (pageKeeps(page, message, answer) && (listed.has(page.id) || root)) viaListing++;
    }
    // The consult: the best-matching pages among those named or listed.
    const question = contentWords(probe.question);
    // With a page index: unpack the listed consolidated page that best matches (consult it twice:
    // Summary → Detail → Unpacked), which lists its sub-pages. Pages only the block names were listed above.
    const unpacked: string[] = [];
    const bestRoot = index.ids
      .filter((id) => !blockRoots.has(id))
      .map((id, order) => ({ page: copy.getPage(id)!, order }))
      .map((entry) => ({ ...entry, score: matchScore(question, entry.page) }))
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score || a.order - b.order)[0];
    if (bestRoot) {
      for (let step = 0; step < 2; step++) zoomTokens += counter.count(copy.consult({ ids: [bestRoot.page.id], reason: probe.question }).text);
      for (const leaf of leafPages(copy, bestRoot.page.id)) unpacked.push(leaf.id);
      zoomTokens += counter.count(leafPages(copy, bestRoot.page.id).map((leaf) => `- ${leaf.id} [${leaf.keywords.slice(0, 3).join(', ')}] ${leaf.summary.slice(0, 90)}`).join('\n'));
    }
    const candidates = [...new Set([...namedUnits, ...listed, ...unpacked])]
      .map((id) => copy.getPage(id)!)
      .map((page, order) => ({ page, order, score: matchScore(question, page) }))
      .filter((candidate) => candidate.score > 0)
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, consultsPerProbe)
      .map((candidate) => candidate.page.id)
      // Best last: under budget pressure the engine shelves the oldest consult first.
      .reverse();
    if (candidates.length > 0) zoomTokens += counter.count(copy.consult({ ids: candidates, reason: probe.question }).text);
    const zoomed = copy.assemble({ budget, query: probe.question }).messages;
    const afterZoom = evidence.filter((message) => keptInView(message, zoomed)).length;
    if (onProbe) {
      let briefTokens = 0;
      for (const message of zoomed) if (message.sourceIds.length === 0) briefTokens += counter.count(typeof message.content === 'string' ? message.content : '');
      onProbe({ question: probe.question, inView, afterZoom, evidence: evidence.length, consulted: candidates, unpacked: bestRoot?.page.id, briefTokens });
    }
    sums.inView += inView / evidence.length;
    sums.reachable += reachable / evidence.length;
    sums.reachableShown += shown / evidence.length;
    sums.reachableViaListing += viaListing / evidence.length;
    sums.afterZoom += afterZoom / evidence.length;
    sums.zoomTokens += zoomTokens;
    sums.indexTokens += index.tokens;
    counted++;
  }
  const mean = (value: number) => (counted === 0 ? 0 : value / counted);
  return {
    probes: counted,
    budget,
    inView: mean(sums.inView),
    reachable: mean(sums.reachable),
    reachableShown: mean(sums.reachableShown),
    reachableViaListing: mean(sums.reachableViaListing),
    afterZoom: mean(sums.afterZoom),
    zoomTokens: mean(sums.zoomTokens),
    indexTokens: mean(sums.indexTokens),
    consolidatedPages,
  };
}
