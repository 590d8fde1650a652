import { CairnError, countMessageTokens } from '../log/index.js';
import type { TokenCounter } from '../log/index.js';
import { BACKGROUND_KEYWORDS, type BackgroundEntry, type PageBook } from '../pages/index.js';
import type { BackgroundMemo } from './background-memo.js';
import { backgroundMessage } from './fold-background.js';

/** Longest keyword a restored block entry may show (a longer one marks a snapshot not made by cairn). */
const MAX_KEYWORD_CHARS = 200;

/**
 * The Background_Context block of the last turn as JSON (`EngineSnapshot.background`): what
 * {@link BackgroundMemo} holds, less what is derived again on restore (the block's text and tokens).
 */
export interface BackgroundMemoJson {
  /** Every placeholder run then, as first and last unit, flat: `[start, end, start, end, …]`. */
  runs: number[];
  /** The folded runs, as `[start, end]`, in log order. */
  folded: [number, number][];
  runTokens: number;
  /** The block's pages in log order, with the keywords it showed. */
  entries: { id: string; keywords?: string[] }[];
  /** Ids of the log messages the block stands for. */
  sourceIds: string[];
}

/** The memo as JSON. @internal */
export function backgroundMemoToJSON(memo: BackgroundMemo): BackgroundMemoJson {
  return {
    runs: [...memo.runs],
    folded: memo.folded.map(({ start, end }): [number, number] => [start, end]),
    runTokens: memo.runTokens,
    entries: memo.entries.map((entry) => (entry.keywords ? { id: entry.id, keywords: [...entry.keywords] } : { id: entry.id })),
    sourceIds: [...memo.block.sourceIds],
  };
}

function invalid(problem: string): CairnError {
  return new CairnError({ code: 'INVALID_SNAPSHOT', message: `Invalid snapshot: snapshot.background ${problem}.`, details: { path: 'snapshot.background' } });
}

const wholeAtLeast = (value: unknown, min: number): value is number => typeof value === 'number' && Number.isInteger(value) && value >= min;

/**
 * The memo from its JSON, checked against the restored session: runs in log order within its units,
 * folded runs among them, pages the session has, messages its log holds. The block's text is
 * rendered again from its entries (keywords escaped as on a live turn) and its tokens recounted
 * with `counter`, never taken from the snapshot. `undefined` (absent, as in snapshots made before
 * it) restores as no memo: the next turn builds its block afresh.
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
  if (!Array.isArray(json.folded) || json.folded.length === 0) throw invalid('folds no run');
  const folded = json.folded.map((pair) => {
    if (!Array.isArray(pair) || !pairs.has(`${pair[0]}:${pair[1]}`)) throw invalid('folds a run it does not list');
    return { start: pair[0] as number, end: pair[1] as number };
  });
  if (!wholeAtLeast(json.runTokens, 0)) throw invalid('has no run tokens');
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
  const block = backgroundMessage(entries, [...(json.sourceIds as string[])]);
  return {
    runs: runs as number[],
    folded,
    runTokens: json.runTokens,
    block,
    blockTokens: countMessageTokens(block, counter),
    pages: entries.map((entry) => entry.id),
    entries,
  };
}
