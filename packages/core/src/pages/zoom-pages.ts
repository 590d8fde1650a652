import { CairnError } from '../log/index.js';
import { markerField } from '../text/index.js';
import { listRanges, parseRange } from './list-range.js';
import type { ResolvedPageOptions } from '../options/index.js';
import { cleanReason } from './clean-reason.js';
import { cascadeShelve, zoomContainer } from './zoom-container.js';
import type { PageBook } from './page-book.js';
import type { PageView, ZoomAction, ZoomEntry, ZoomRequest, ZoomResult } from './page-types.js';

/** Characters of a requested id echoed back in a result. */
const ECHO_CHARS = 64;

function echo(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  return markerField(text.length > ECHO_CHARS ? `${text.slice(0, ECHO_CHARS)}…` : text);
}

function checkRequest(action: ZoomAction, request: unknown): { ids: readonly unknown[]; reason: unknown } {
  const name = action.toLowerCase();
  if (typeof request !== 'object' || request === null || !Array.isArray((request as ZoomRequest).ids)) {
    throw new CairnError({
      code: 'INVALID_PAGE_REQUEST',
      message: `${name} needs { ids: string[], reason?: string }; got ${request === null ? 'null' : typeof request}. Pass ids the view names (id=… of a placeholder, a run's from..to, or page ids).`,
    });
  }
  const { ids, reason } = request as ZoomRequest;
  if (reason !== undefined && typeof reason !== 'string') {
    throw new CairnError({ code: 'INVALID_PAGE_REQUEST', message: `${name}: reason must be a string; got ${typeof reason}.` });
  }
  return { ids, reason };
}

/** One step up (consult) or down (shelve) for an original page. */
function step(action: ZoomAction, view: PageView): PageView {
  if (action === 'Consult') return 'Detail';
  return view === 'Unpacked' ? 'Detail' : 'Summary';
}

function describe(result: Omit<ZoomResult, 'text'>): string {
  const lines = result.entries.map((entry) => (entry.status === 'listed' ? `- ${entry.id} holds:\n${entry.message}` : `- ${entry.pageId ?? entry.id}: ${entry.message}`));
  if (result.skipped > 0) lines.push(`- ${result.skipped} more ids skipped: at most ${result.entries.length} per call.`);
  const head = result.failed
    ? `${result.action} failed: no page changed.`
    : `${result.action}: ${result.changed} page${result.changed === 1 ? '' : 's'} changed.${result.action === 'Consult' && result.changed > 0 ? ' Their full content is in the next view.' : ''}${result.entries.some((entry) => entry.status === 'listed') ? ' Consult the page ids listed below to see one in full.' : ''}`;
  return [head, ...lines].join('\n');
}

/**
 * Consults or shelves pages: moves each named page one view up (Summary → Detail) or down
 * (Detail → Summary), records one reasoning-trace step for what changed, and says per id what
 * happened. Unknown or foreign ids, malformed ids and shelves of pages never consulted come back
 * as entries, never as a throw; ids past `maxIdsPerCall` are skipped. Nothing stored changes but
 * the views and the trace.
 *
 * @throws CairnError `INVALID_PAGE_REQUEST` when the request is not `{ ids: [...], reason? }`.
 * @internal
 */
export function zoomPages(book: PageBook, action: ZoomAction, request: unknown, options: ResolvedPageOptions, turn: number): ZoomResult {
  const { ids, reason } = checkRequest(action, request);
  const entries: ZoomEntry[] = [];
  const targets: string[] = [];
  const seen = new Set<number>();
  const seenContainers = new Set<string>();
  const ranges: { first: number; last: number }[] = [];
  let listing: ZoomEntry | undefined;
  const limit = Math.min(ids.length, options.maxIdsPerCall);
  for (let position = 0; position < limit; position++) {
    const raw = ids[position];
    const id = echo(raw);
    if (typeof raw !== 'string' || raw.length === 0) {
      entries.push({ id, status: 'invalid', message: 'not a page id (expected a non-empty string).' });
      continue;
    }
    const range = action === 'Consult' && book.resolve(raw) === undefined ? parseRange(book, raw) : undefined;
    if (range) {
      // Every range of a call is listed together, in the first one's entry (one budget of lines).
      ranges.push(range);
      const entry: ZoomEntry = { id, status: 'listed', message: 'listed with the first range of this call.' };
      listing ??= entry;
      entries.push(entry);
      continue;
    }
    const unit = book.resolve(raw);
    const container = unit === undefined ? book.consolidation?.get(raw) : undefined;
    if (container) {
      if (seenContainers.has(container.id)) continue;
      seenContainers.add(container.id);
      if (action === 'Consult') book.warm(container.id, turn);
      const entry = zoomContainer(book, action, container, id);
      entries.push(entry);
      if (entry.status === 'changed') targets.push(container.id);
      continue;
    }
    if (unit === undefined) {
      entries.push({ id, status: 'unknown', message: 'no page of this session has this id; use an id the view names (id=…, a run\'s from..to, or a listed page id).' });
      continue;
    }
    const pageId = book.idOf(unit);
    if (seen.has(unit)) continue;
    seen.add(unit);
    const from = book.viewOf(unit);
    if (action === 'Consult') book.warm(pageId, turn);
    if (action === 'Shelve' && from === 'Summary') {
      entries.push({ id, pageId, status: 'not-consulted', from, to: from, message: 'was not consulted: it is already in Summary.' });
      continue;
    }
    const to = step(action, from);
    if (to === from) {
      entries.push({ id, pageId, status: 'unchanged', from, to, message: 'already in Detail (an original page cannot be unpacked further).' });
      continue;
    }
    book.replanPending = true;
    if (to === 'Summary') book.zoom.delete(pageId);
    else book.zoom.set(pageId, { view: to, since: ++book.sequence });
    targets.push(pageId);
    entries.push({ id, pageId, status: 'changed', from, to, message: `${from} → ${to}.` });
  }
  if (listing) listing.message = listRanges(book, ranges, typeof reason === 'string' ? reason.slice(0, options.maxReasonChars) : '');
  if (targets.length > 0) book.record({ action, targets, reason: cleanReason(reason ?? '', options.maxReasonChars), turn });
  if (action === 'Shelve') cascadeShelve(book, targets, turn);
  const result = {
    action,
    entries,
    skipped: ids.length - limit,
    changed: targets.length,
    failed: targets.length === 0 && entries.every((entry) => entry.status !== 'unchanged' && entry.status !== 'listed'),
  };
  return { ...result, text: describe(result) };
}
