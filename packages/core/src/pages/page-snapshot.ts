import type { PageBook } from './page-book.js';
import { MAX_TRACE_STEPS } from './page-book.js';
import type { PageView, TraceStep } from './page-types.js';

/**
 * Pages and zoom in a snapshot: the views of consulted pages, the consult sequence and the
 * reasoning trace. Page ids and manifests are not stored: they derive from the log (and give
 * the same ids after a restore). Absent in snapshots written before pages existed: that restores
 * as no page consulted and an empty trace.
 */
export interface PageSnapshot {
  /** Consulted pages: page id, view, consult sequence number. */
  zoom: [string, Exclude<PageView, 'Summary'>, number][];
  sequence: number;
  trace: TraceStep[];
  /** Heat by page: page id, value, turn it was measured at (absent: none). */
  heat?: [string, number, number][];
  /** A view changed since the last assemble (absent: false). */
  replanPending?: boolean;
  /**
   * Query hits not applied to the heat yet, oldest first: turn, log length then, then
   * the units hit (see `PendingQueryHits`). Absent: none (snapshots before they were held back).
   */
  pendingHits?: number[][];
  /**
   * Consolidated pages: the metabolic merges done (each as its sub-pages' ids, in order; level-1
   * pages derive from the log) and the views of consulted consolidated pages. Absent: no merge,
   * none consulted.
   */
  consolidated?: {
    merges: string[][];
    zoom: [string, Exclude<PageView, 'Summary'>, number][];
    /** Summaries the injected summariser wrote: page id, content key, text (absent: none written). */
    written?: [string, string, string][];
  };
}

/** Copies the page state into a snapshot. @internal */
export function pageSnapshot(book: PageBook): PageSnapshot {
  return {
    zoom: [...book.zoom].map(([pageId, zoom]) => [pageId, zoom.view, zoom.since]),
    sequence: book.sequence,
    replanPending: book.replanPending,
    heat: [...book.heat].map(([pageId, entry]) => [pageId, entry.value, entry.turn]),
    ...(book.pendingHits.size > 0 ? { pendingHits: book.pendingHits.list().map(({ turn, length, units }) => [turn, length, ...units]) } : {}),
    trace: book.trace.map((step) => ({ ...step, targets: [...step.targets] })),
    ...(book.consolidation && (book.consolidation.merges.length > 0 || book.consolidation.zoom.size > 0 || book.consolidation.written.size > 0)
      ? {
          consolidated: {
            merges: book.consolidation.merges.map((children) => [...children]),
            zoom: [...book.consolidation.zoom].map(([pageId, zoom]): [string, Exclude<PageView, 'Summary'>, number] => [pageId, zoom.view, zoom.since]),
            ...(book.consolidation.written.size > 0 ? { written: [...book.consolidation.written].map(([pageId, { key, summary }]): [string, string, string] => [pageId, key, summary]) } : {}),
          },
        }
      : {}),
  };
}

function fail(path: string, problem: string): never {
  throw new Error(`${path} ${problem}`);
}

/**
 * Restores the page state from a snapshot into `book` (whose log is restored already). A
 * consulted page the log does not hold is refused.
 * @throws Error with the path of the first bad field (the caller wraps it as a corrupt snapshot).
 * @internal
 */
export function restorePages(book: PageBook, json: unknown): void {
  if (json === undefined) return;
  if (typeof json !== 'object' || json === null) fail('snapshot.pages', 'is not an object');
  const { zoom, sequence, trace, replanPending, heat, consolidated, pendingHits } = json as Partial<PageSnapshot>;
  if (!Array.isArray(zoom)) fail('snapshot.pages.zoom', 'is not an array');
  if (typeof sequence !== 'number' || !Number.isInteger(sequence) || sequence < 0) fail('snapshot.pages.sequence', 'is not a count');
  if (!Array.isArray(trace)) fail('snapshot.pages.trace', 'is not an array');
  for (const [index, entry] of zoom.entries()) {
    const path = `snapshot.pages.zoom[${index}]`;
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || (entry[1] !== 'Detail' && entry[1] !== 'Unpacked') || typeof entry[2] !== 'number') fail(path, 'is not [pageId, view, since]');
    const unit = book.resolve(entry[0]);
    if (unit === undefined || book.idOf(unit) !== entry[0]) fail(path, `names page "${entry[0]}", which is not in the log`);
    book.zoom.set(entry[0], { view: entry[1], since: entry[2] });
  }
  book.sequence = sequence;
  book.replanPending = replanPending === true;
  if (heat !== undefined) {
    if (!Array.isArray(heat)) fail('snapshot.pages.heat', 'is not an array');
    for (const [index, entry] of heat.entries()) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Number.isFinite(entry[1]) || !Number.isFinite(entry[2])) fail(`snapshot.pages.heat[${index}]`, 'is not [pageId, value, turn]');
      book.heat.set(entry[0], { value: entry[1], turn: entry[2] });
    }
  }
  if (consolidated !== undefined) restoreConsolidated(book, consolidated);
  // After the merges: every held-back hit came after them.
  if (pendingHits !== undefined) restorePendingHits(book, pendingHits);
  for (const [index, step] of trace.slice(-MAX_TRACE_STEPS).entries()) {
    const path = `snapshot.pages.trace[${index}]`;
    if (typeof step !== 'object' || step === null) fail(path, 'is not an object');
    const { action, targets, reason, turn, auto } = step as TraceStep;
    if (action !== 'Consult' && action !== 'Shelve') fail(`${path}.action`, 'is not Consult or Shelve');
    if (!Array.isArray(targets) || !targets.every((target) => typeof target === 'string')) fail(`${path}.targets`, 'is not a list of page ids');
    if (typeof reason !== 'string' || typeof turn !== 'number') fail(path, 'has no reason or turn');
    book.trace.push({ action, targets: [...targets], reason, turn, ...(auto === true ? { auto: true } : {}) });
  }
}

/** Holds back the snapshot's pending query hits again (with consolidation off, ignored). */
function restorePendingHits(book: PageBook, json: unknown): void {
  if (!Array.isArray(json)) fail('snapshot.pages.pendingHits', 'is not an array');
  const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
  for (const [index, entry] of json.entries()) {
    if (!Array.isArray(entry) || entry.length < 3 || !entry.every(isCount)) fail(`snapshot.pages.pendingHits[${index}]`, 'is not [turn, length, ...units]');
    const [turn, length, ...units] = entry as number[];
    if (length! > book.log.units.length || units.some((unit) => unit >= length!)) fail(`snapshot.pages.pendingHits[${index}]`, 'names units the log does not hold');
    book.deferQueryHits(units, turn!, length);
  }
}

/**
 * Replays the recorded merges and consulted views of consolidated pages. Checked for shape (a
 * bad shape throws with its path); a merge or view that names pages the index does not have —
 * the log or the consolidation options changed since — is skipped: views and merges are index
 * state, the log loses nothing. With consolidation off, ignored.
 */
function restoreConsolidated(book: PageBook, json: unknown): void {
  if (typeof json !== 'object' || json === null) fail('snapshot.pages.consolidated', 'is not an object');
  const { merges, zoom, written } = json as { merges?: unknown; zoom?: unknown; written?: unknown };
  if (!Array.isArray(merges)) fail('snapshot.pages.consolidated.merges', 'is not an array');
  if (!Array.isArray(zoom)) fail('snapshot.pages.consolidated.zoom', 'is not an array');
  for (const [index, children] of merges.entries()) {
    if (!Array.isArray(children) || !children.every((id) => typeof id === 'string')) fail(`snapshot.pages.consolidated.merges[${index}]`, 'is not a list of page ids');
  }
  for (const [index, entry] of zoom.entries()) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || (entry[1] !== 'Detail' && entry[1] !== 'Unpacked') || typeof entry[2] !== 'number') fail(`snapshot.pages.consolidated.zoom[${index}]`, 'is not [pageId, view, since]');
  }
  if (written !== undefined && (!Array.isArray(written) || !written.every((entry) => Array.isArray(entry) && entry.length === 3 && entry.every((field) => typeof field === 'string')))) {
    fail('snapshot.pages.consolidated.written', 'is not a list of [pageId, key, summary]');
  }
  const consolidation = book.consolidation;
  if (!consolidation) return;
  for (const children of merges as string[][]) consolidation.replay(children);
  for (const [pageId, view, since] of zoom as [string, Exclude<PageView, 'Summary'>, number][]) {
    if (consolidation.get(pageId)) consolidation.zoom.set(pageId, { view, since });
  }
  // A written summary of a page the index does not have is dropped; one for other content is kept but not shown (its key no longer matches).
  for (const [pageId, key, summary] of (written ?? []) as [string, string, string][]) if (consolidation.get(pageId)) consolidation.written.set(pageId, { key, summary });
}
