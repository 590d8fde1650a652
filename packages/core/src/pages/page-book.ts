import type { SessionLog, UnitState } from '../log/index.js';
import { pageIdOf } from './page-id.js';
import type { PageManifest, PageView, TraceStep, ZoomState } from './page-types.js';
import type { ResolvedConsolidationOptions } from '../options/index.js';
import { Consolidation } from './consolidation.js';
import { summarizePage } from './summarize-page.js';
import { rankedKeywords } from './ranked-keywords.js';
import { PendingQueryHits } from './pending-query-hits.js';

/** Keywords a manifest names. */
const MANIFEST_KEYWORDS = 6;
/** Turns in which a page's heat halves. */
export const HEAT_HALF_LIFE_TURNS = 10;
/** Heat a query hit adds to a page (a consult adds 1: the model asked for it outright). */
export const QUERY_HIT_HEAT = 0.5;
/** Trace steps kept (older ones are dropped: the trace shows the latest few anyway). */
export const MAX_TRACE_STEPS = 64;

export type { ZoomState } from './page-types.js';

/**
 * The page index of one session: a page per unit with its short-hash id (assigned in log order,
 * so the same log always gives the same ids), lookups by page id and by message id, manifests
 * (built on demand, cached per unit version), the views of consulted pages and the reasoning
 * trace. Grows with the log only (one id and two map entries per unit). @internal
 */
export class PageBook {
  readonly #ids: string[] = [];
  readonly #byPage = new Map<string, number>();
  readonly #byMessage = new Map<string, number>();
  #entriesSynced = 0;
  #maxIdTokens = 0;
  /** Page ids counted into `#maxIdTokens` (counted on first read, not at each sync). */
  #idsCounted = 0;
  readonly #summaries = new Map<number, { version: number; summary: string }>();
  /** Interest from consults, by page id: the value at `turn` (it decays from there). */
  readonly heat = new Map<string, { value: number; turn: number }>();
  /** Pages above Summary, by page id. */
  readonly zoom = new Map<string, ZoomState>();
  /** Consults so far: orders consults, oldest first, for budget pressure. */
  sequence = 0;
  trace: TraceStep[] = [];
  /** A view changed since the last assemble: the next one selects afresh (a consult asks a new question of the view). */
  replanPending = false;

  /** Consolidated pages (`undefined`: consolidation is off). */
  readonly consolidation: Consolidation | undefined;
  /** Query hits not applied yet (see {@link PendingQueryHits}). */
  readonly pendingHits = new PendingQueryHits();

  constructor(
    readonly log: SessionLog,
    readonly sessionId: string,
    consolidation?: ResolvedConsolidationOptions,
  ) {
    this.consolidation = consolidation?.enabled
      ? new Consolidation(log, consolidation, {
          sessionId,
          idOf: (unit) => this.idOf(unit),
          taken: (id) => this.#byPage.has(id) || this.#byMessage.has(id),
        })
      : undefined;
  }

  /** Assigns ids to units logged since the last call. */
  sync(): void {
    const { units, entries } = this.log;
    for (let index = this.#ids.length; index < units.length; index++) {
      let attempt = 0;
      let id = pageIdOf(this.sessionId, units[index]!.id);
      while (this.#byPage.has(id)) id = pageIdOf(this.sessionId, units[index]!.id, ++attempt);
      this.#ids.push(id);
      this.#byPage.set(id, index);
    }
    for (; this.#entriesSynced < entries.length; this.#entriesSynced++) {
      const entry = entries[this.#entriesSynced]!;
      this.#byMessage.set(entry.message.id, entry.unit);
    }
  }

  /** Most tokens a page id of this session takes (bounds the cost of `pages=first..last` with `pages.showPageIds`). */
  get maxIdTokens(): number {
    this.sync();
    for (; this.#idsCounted < this.#ids.length; this.#idsCounted++) this.#maxIdTokens = Math.max(this.#maxIdTokens, this.log.counter.count(this.#ids[this.#idsCounted]!));
    return this.#maxIdTokens;
  }

  /** Pages in the index. */
  get size(): number {
    this.sync();
    return this.#ids.length;
  }

  /** The page id of a unit. */
  idOf(unit: number): string {
    if (unit >= this.#ids.length) this.sync();
    return this.#ids[unit]!;
  }

  /** The unit a page id or a message id names, if any. */
  resolve(reference: string): number | undefined {
    this.sync();
    return this.#byPage.get(reference) ?? this.#byMessage.get(reference);
  }

  /** The view of a unit's page. */
  viewOf(unit: number): PageView {
    return this.zoom.get(this.idOf(unit))?.view ?? 'Summary';
  }

  /** True when the unit's page is consulted (Detail or deeper): it is shown full. */
  isDetail(unit: number): boolean {
    return this.zoom.size > 0 && this.zoom.has(this.idOf(unit));
  }

  /** Adds heat to a page: one consult's worth (1) by default, {@link QUERY_HIT_HEAT} for a query hit. */
  warm(pageId: string, turn: number, amount = 1): void {
    this.heat.set(pageId, { value: this.heatOf(pageId, turn) + amount, turn });
  }

  /**
   * Holds back a view's query hits (`units`: the question's best matches, all in the log;
   * `length`: the log's length at that view, by default now), applied when heat is next read or
   * added to, or on this view once more than `MAX_PENDING_QUERY_HITS` views' hits wait.
   */
  deferQueryHits(units: number[], turn: number, length = this.log.units.length): void {
    if (units.length === 0) return;
    if (this.pendingHits.add({ turn, length, units })) this.applyPendingHits();
  }

  /** Applies the held-back query hits (assigning page ids and freezing what the log lets freeze). */
  applyPendingHits(): void {
    this.pendingHits.apply(this, (pageId, turn) => this.warm(pageId, turn, QUERY_HIT_HEAT));
  }

  /** A page's heat at `turn`. */
  heatOf(pageId: string, turn: number): number {
    if (this.pendingHits.size > 0) this.applyPendingHits();
    const entry = this.heat.get(pageId);
    return entry ? entry.value * 0.5 ** (Math.max(0, turn - entry.turn) / HEAT_HALF_LIFE_TURNS) : 0;
  }

  /**
   * The manifest of a unit's page; `status` (the unit's last decision) and `turn` fill the index
   * state (activation, staleness, heat).
   */
  manifest(unit: number, status?: UnitState, turn = 0): PageManifest {
    const { log } = this;
    const source = log.units[unit]!;
    const messages = log.unitMessages(unit);
    return {
      id: this.idOf(unit),
      type: 'Original',
      unitId: source.id,
      messageIds: messages.map((message) => message.id),
      timestamp: messages[0]!.timestamp,
      keywords: this.keywords(unit),
      summary: this.summary(unit),
      view: this.viewOf(unit),
      heat: this.heatOf(this.idOf(unit), turn),
      activation: status && turn > 0 ? status.fidelity : undefined,
      staleness: status && status.placeholderSince >= 0 ? Math.max(0, turn - status.placeholderSince) : 0,
    };
  }

  /** The extractive summary of a unit's page (cached per unit version). */
  summary(unit: number): string {
    const source = this.log.units[unit]!;
    let cached = this.#summaries.get(unit);
    if (!cached || cached.version !== source.version) {
      cached = { version: source.version, summary: summarizePage(this.log.unitMessages(unit)) };
      this.#summaries.set(unit, cached);
    }
    return cached.summary;
  }

  /**
   * The page's semantic clusters: its terms ranked by (1 + log tf) × idf over the whole log now
   * (ties: the lower term id), so words every page uses give way to what this page is about.
   * Computed on each read, never cached: the same log always gives the same keywords.
   */
  keywords(unit: number): string[] {
    return rankedKeywords(this.log, this.log.unitFeatures(unit).bag, MANIFEST_KEYWORDS);
  }

  /** True once after a page's view changed (then false until the next change). */
  takeReplan(): boolean {
    const pending = this.replanPending;
    this.replanPending = false;
    return pending;
  }

  /** Records a trace step, keeping the latest {@link MAX_TRACE_STEPS}. */
  record(step: TraceStep): void {
    this.trace.push(step);
    if (this.trace.length > MAX_TRACE_STEPS) this.trace.splice(0, this.trace.length - MAX_TRACE_STEPS);
  }
}
