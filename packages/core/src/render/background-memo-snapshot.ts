import { CairnError } from '../log/index.js';
import type { TokenCounter } from '../log/index.js';
import { BACKGROUND_KEYWORDS, type BackgroundEntry, type PageBook } from '../pages/index.js';
import type { BackgroundMemo, BackgroundSegment } from './background-memo.js';
import { backgroundMessage, blockTokensOf } from './background-block.js';

/** Longest keyword a restored block entry may show (a longer one marks a snapshot not made by cairn). */
const MAX_KEYWORD_CHARS = 200;

/** A later Background_Context block as JSON (`BackgroundMemoJson.more`). */
export interface BackgroundSegmentJson {
  /** The units it stands for, as first and last unit, flat: `[start, end, start, end, …]`. */
  covers: number[];
  /** Its pages in log order, with the keywords it showed. */
  entries: { id: string; keywords?: string[] }[];
  /** Ids of the log messages it stands for. */
  sourceIds: string[];
}

/**
 * The Background_Context blocks of the last turn as JSON (`EngineSnapshot.background`): what
 * {@link BackgroundMemo} holds, less what is derived again on restore (the blocks' text and
 * tokens). The first block is in the top-level fields (as in snapshots made when a view had one
 * block); later blocks are in `more`.
 */
export interface BackgroundMemoJson {
  /** Every placeholder run then, as first and last unit, flat: `[start, end, start, end, …]`. */
  runs: number[];
  /** The runs the blocks replaced, as `[start, end]`, in log order (none: the turn folded no run; `entries` is empty). */
  folded: [number, number][];
  runTokens: number;
  /** The first block's pages in log order, with the keywords it showed. */
  entries: { id: string; keywords?: string[] }[];
  /** Ids of the log messages the first block stands for. */
  sourceIds: string[];
  /** The units the first block stands for, flat ranges; absent: the folded runs (snapshots made before later blocks existed). */
  covers?: number[];
  /** Later blocks, in view order. */
  more?: BackgroundSegmentJson[];
}

const entriesToJSON = (entries: readonly BackgroundEntry[]) => entries.map((entry) => (entry.keywords ? { id: entry.id, keywords: [...entry.keywords] } : { id: entry.id }));

/** The memo as JSON. @internal */
export function backgroundMemoToJSON(memo: BackgroundMemo): BackgroundMemoJson {
  const [first, ...rest] = memo.segments;
  return {
    runs: [...memo.runs],
    folded: memo.folded.map(({ start, end }): [number, number] => [start, end]),
    runTokens: memo.runTokens,
    entries: first ? entriesToJSON(first.entries) : [],
    sourceIds: first ? [...first.block.sourceIds] : [],
    covers: first ? [...first.covers] : [],
    ...(rest.length > 0 ? { more: rest.map((segment) => ({ covers: [...segment.covers], entries: entriesToJSON(segment.entries), sourceIds: [...segment.block.sourceIds] })) } : {}),
  };
}

function invalid(problem: string): CairnError {
  return new CairnError({ code: 'INVALID_SNAPSHOT', message: `Invalid snapshot: snapshot.background ${problem}.`, details: { path: 'snapshot.background' } });
}

const wholeAtLeast = (value: unknown, min: number): value is number => typeof value === 'number' && Number.isInteger(value) && value >= min;

/** Flat `[start, end, …]` ranges in log order, each within one of `runs` (flat as well). */
function checkCovers(value: unknown, runs: readonly number[], after: number): number[] {
  if (!Array.isArray(value) || value.length === 0 || value.length % 2 !== 0) throw invalid('has a block that stands for no units');
  let run = 0;
  for (let at = 0; at < value.length; at += 2) {
    const start: unknown = value[at];
    const end: unknown = value[at + 1];
    if (!wholeAtLeast(start, at === 0 ? after + 1 : (value[at - 1] as number) + 1) || !wholeAtLeast(end, start)) throw invalid('has a block whose units are out of order');
    while (run < runs.length && runs[run + 1]! < start) run += 2;
    if (run >= runs.length || runs[run]! > start || runs[run + 1]! < end) throw invalid('has a block that stands for units outside the placeholder runs');
  }
  return value as number[];
}

function restoreSegment(json: { covers?: unknown; entries?: unknown; sourceIds?: unknown }, covers: number[], book: PageBook, counter: TokenCounter, segment: number): BackgroundSegment {
  if (!Array.isArray(json.entries) || json.entries.length === 0) throw invalid('names no page');
  const entries = json.entries.map((entry): BackgroundEntry => {
    const id: unknown = (entry as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || (book.consolidation?.get(id) === undefined && book.resolve(id) === undefined)) throw invalid('names a page the session does not have');
    const keywords: unknown = (entry as { keywords?: unknown }).keywords;
    if (keywords === undefined) return { id };
    if (!Array.isArray(keywords) || keywords.length > BACKGROUND_KEYWORDS || keywords.some((word) => typeof word !== 'string' || word.length > MAX_KEYWORD_CHARS)) throw invalid('has malformed keywords');
    return { id, keywords: keywords as string[] };
  });
  if (!Array.isArray(json.sourceIds) || json.sourceIds.some((id) => typeof id !== 'string' || !book.log.hasMessage(id))) throw invalid('stands for messages the log does not hold');
  const block = backgroundMessage(entries, [...(json.sourceIds as string[])], segment);
  return { covers, block, blockTokens: blockTokensOf(block, entries, segment > 0, counter), pages: entries.map((entry) => entry.id), entries };
}

/**
 * The memo from its JSON, checked against the restored session: runs in log order within its units,
 * folded runs among them, blocks standing for units within them, pages the session has, messages
 * its log holds. The blocks' text is rendered again from their entries (keywords escaped as on a
 * live turn) and their tokens recounted with `counter`, never taken from the snapshot.
 * `undefined` (absent, as in snapshots made before it) restores as no memo: the next turn builds
 * its blocks afresh. A snapshot made when a view had one block (no `covers`, no `more`) restores
 * as one block standing for the folded runs.
 *
 * @throws CairnError `INVALID_SNAPSHOT` when it is present and malformed.
 * @internal
 */
export function restoreBackgroundMemo(value: unknown, book: PageBook, units: number, counter: TokenCounter): BackgroundMemo | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('is not an object');
  const json = value as Partial<BackgroundMemoJson>;
  const runs = json.runs;
  if (!Array.isArray(runs) || runs.length % 2 !== 0) throw invalid('has no list of runs');
  for (let at = 0; at < runs.length; at++) {
    const unit: unknown = runs[at];
    if (!wholeAtLeast(unit, at === 0 ? 0 : (runs[at - 1] as number) + (at % 2 === 0 ? 2 : 0)) || unit >= units) throw invalid(`has a run out of order or outside the log at ${at}`);
  }
  const pairs = new Set<string>();
  for (let at = 0; at < runs.length; at += 2) pairs.add(`${runs[at]}:${runs[at + 1]}`);
  if (!Array.isArray(json.folded)) throw invalid('has no list of folded runs');
  const folded = json.folded.map((pair) => {
    if (!Array.isArray(pair) || !pairs.has(`${pair[0]}:${pair[1]}`)) throw invalid('folds a run it does not list');
    return { start: pair[0] as number, end: pair[1] as number };
  });
  if (!wholeAtLeast(json.runTokens, 0)) throw invalid('has no run tokens');
  const foldedRuns = folded.flatMap(({ start, end }) => [start, end]);
  // No folded run: the runs of a turn that folded none (they stay runs while the same).
  if (folded.length === 0) {
    if (json.more !== undefined || (Array.isArray(json.entries) && json.entries.length > 0) || json.runTokens !== 0) throw invalid('names pages but folds no run');
    return { runs: runs as number[], folded, runTokens: 0, segments: [], pages: [] };
  }
  const segments = [restoreSegment(json, checkCovers(json.covers ?? foldedRuns, foldedRuns, -1), book, counter, 0)];
  if (json.more !== undefined && !Array.isArray(json.more)) throw invalid('has a malformed list of later blocks');
  for (const more of json.more ?? []) {
    if (typeof more !== 'object' || more === null) throw invalid('has a malformed later block');
    const covers = checkCovers((more as BackgroundSegmentJson).covers, foldedRuns, segments[segments.length - 1]!.covers[0]!);
    segments.push(restoreSegment(more as BackgroundSegmentJson, covers, book, counter, segments.length));
  }
  return { runs: runs as number[], folded, runTokens: json.runTokens, segments, pages: segments.flatMap((segment) => segment.pages) };
}
