import { MESSAGE_OVERHEAD_TOKENS } from '../log/index.js';
import type { Fidelity, TokenCounter, ViewMessage } from '../log/index.js';
import { BACKGROUND_ENTRIES_PER_LINE, BACKGROUND_HEADER, BACKGROUND_MORE_HEADER, backgroundKeywords, foldedPageCursor, type BackgroundEntry } from '../pages/index.js';
import type { EngineState, RenderCache } from './engine-state.js';
import { coveredSourceIds, placeholderRuns, type BackgroundMemo, type BackgroundSegment } from './background-memo.js';
import { backgroundMessage, blockTokensOf, countRemembered, idTokens, placeSegments, type FoldedHistory } from './background-block.js';

/** Folded pages, best in time × relevance first, that get keywords when the tokens allow. */
const KEYWORD_PAGES = 8;

/** One placeholder run of the rendered history. */
interface Run {
  /** Its message in the rendered history. */
  message: number;
  /** Tokens the history spends on it. */
  tokens: number;
  /** Pages (see `foldedPageOf`) of the units a new block would stand for, in log order. */
  pages: string[];
  /** Its first and last unit. */
  start: number;
  end: number;
  /** Units the kept blocks already stand for, as flat ranges; empty when none. */
  covered: number[];
}

/** What {@link foldSegments} returns: the history with the blocks, and the memo that keeps them. */
export interface SegmentFold {
  history: FoldedHistory;
  memo: BackgroundMemo;
}

/** The kept blocks' units as sorted, flat ranges. */
function keptRanges(kept: readonly BackgroundSegment[]): number[][] {
  const pairs: number[][] = [];
  for (const segment of kept) for (let at = 0; at < segment.covers.length; at += 2) pairs.push([segment.covers[at]!, segment.covers[at + 1]!]);
  return pairs.sort((a, b) => a[0]! - b[0]!);
}

function findRuns(state: EngineState, rendered: RenderCache, fidelities: readonly Fidelity[], kept: readonly BackgroundSegment[]): Run[] {
  const runs: Run[] = [];
  const count = fidelities.length;
  const cursor = foldedPageCursor(state.pages);
  const ranges = keptRanges(kept);
  let next = 0;
  for (let index = 0; index < count; index++) {
    if (fidelities[index] !== 'placeholder') continue;
    const start = index;
    while (index + 1 < count && fidelities[index + 1] === 'placeholder') index++;
    const covered: number[] = [];
    while (next < ranges.length && ranges[next]![1]! < start) next++;
    for (let at = next; at < ranges.length && ranges[at]![0]! <= index; at++) covered.push(Math.max(start, ranges[at]![0]!), Math.min(index, ranges[at]![1]!));
    const pages: string[] = [];
    let range = 0;
    for (let unit = start; unit <= index; unit++) {
      while (range < covered.length && covered[range + 1]! < unit) range += 2;
      if (range < covered.length && covered[range]! <= unit) {
        unit = covered[range + 1]!;
        continue;
      }
      const page = cursor.page(unit);
      if (pages[pages.length - 1] !== page) pages.push(page);
      // The units after it on the same page add nothing to the list.
      unit = Math.min(cursor.last, index);
    }
    const tokens = (index + 1 < count ? rendered.tokensAtUnit[index + 1]! : rendered.tokens) - rendered.tokensAtUnit[start]!;
    runs.push({ message: rendered.firstMessage[start]!, tokens, pages, start, end: index, covered });
  }
  return runs;
}

/** The best score of the units of `run` no kept block stands for (time × relevance: the units' scores this turn). */
function runScore(state: EngineState, run: Run): number {
  let score = Number.NEGATIVE_INFINITY;
  const ranges = run.covered.length > 0 ? uncovered(run) : [run.start, run.end];
  for (let at = 0; at < ranges.length; at += 2) for (let unit = ranges[at]!; unit <= ranges[at + 1]!; unit++) score = Math.max(score, state.units[unit]!.score);
  return score;
}

/**
 * The placeholder runs of the last turn that no block replaced (start → end): the same run stays a
 * run this turn (its message is in the prefix a prompt cache keeps; only a changed run folds).
 */
function idleRuns(last: BackgroundMemo | undefined): Map<number, number> {
  const idle = new Map<number, number>();
  if (!last) return idle;
  for (let at = 0; at < last.runs.length; at += 2) idle.set(last.runs[at]!, last.runs[at + 1]!);
  for (const { start, end } of last.folded) if (idle.get(start) === end) idle.delete(start);
  return idle;
}

/**
 * Whether each run (in log order) holds a unit of `covers` (flat ranges in log order), in one pass
 * over both.
 */
function overlapping(runs: readonly Run[], covers: readonly number[] | undefined): boolean[] {
  const result = new Array<boolean>(runs.length).fill(false);
  if (!covers) return result;
  let at = 0;
  runs.forEach((run, index) => {
    while (at < covers.length && covers[at + 1]! < run.start) at += 2;
    result[index] = at < covers.length && covers[at]! <= run.end;
  });
  return result;
}

/** Units of `run` that no kept block stands for, as flat ranges. */
function uncovered(run: Run): number[] {
  const ranges: number[] = [];
  let unit = run.start;
  for (let at = 0; at < run.covered.length; at += 2) {
    if (run.covered[at]! > unit) ranges.push(unit, run.covered[at]! - 1);
    unit = run.covered[at + 1]! + 1;
  }
  if (unit <= run.end) ranges.push(unit, run.end);
  return ranges;
}

/**
 * Folds placeholder runs into Background_Context blocks, keeping the blocks of `kept` byte for byte
 * (each still stands for placeholders only: `segmentStillHolds`) and adding at most one block for
 * what they do not stand for. The new block stands only for units after the run where the last
 * kept block sits (it sits after it, never next to it: no two placeholders in a row); a run partly
 * standing in a kept block folds whole (its rest in the new block) or the fold fails. A run that
 * was a run last turn and no block replaced then stays a run (`last`: the last turn's memo; its
 * message is in the prefix a prompt cache keeps). Runs fold oldest first while the view stays
 * within `budget`, paid for by the runs' tokens and what the plan left unused; a run whose pages
 * do not fit stays. Then the new block's best-scored pages get keywords while the view stays
 * within `budget` less `reserve`. Each block sits where the first unit it stands for was. The memo
 * comes back when no block folds too (it records the runs that stay). `extend`: a block (the one
 * after `kept`) the new block extends: it stands for that block's units too, and its text begins
 * with that block's text, byte for byte (a prompt cache that keeps token prefixes keeps it).
 * `undefined` when there is no placeholder run, or when the kept blocks cannot stay. @internal
 */
export function foldSegments(state: EngineState, rendered: RenderCache, fidelities: readonly Fidelity[], budget: number, counter: TokenCounter, reserve: number, kept: readonly BackgroundSegment[], last: BackgroundMemo | undefined, extend?: BackgroundSegment): SegmentFold | undefined {
  const runs = findRuns(state, rendered, fidelities, kept);
  if (runs.length === 0) return undefined;
  const idle = idleRuns(last);
  // The new block stands only for units after the run of the last kept block's first unit: it sits after that block, never beside it.
  const anchor = kept.length > 0 ? kept[kept.length - 1]!.covers[0]! : -1;
  const floor = anchor < 0 ? -1 : (runs.find((run) => run.start <= anchor && anchor <= run.end)?.end ?? Number.POSITIVE_INFINITY);
  let total = rendered.tokens;
  for (const segment of kept) total += segment.blockTokens;
  const whole: number[] = [];
  const partial: number[] = [];
  const free: number[] = [];
  const extended = overlapping(runs, extend?.covers);
  runs.forEach((run, index) => {
    let coveredUnits = 0;
    for (let at = 0; at < run.covered.length; at += 2) coveredUnits += run.covered[at + 1]! - run.covered[at]! + 1;
    if (coveredUnits === run.end - run.start + 1) whole.push(index);
    else if (coveredUnits > 0 || extended[index]) partial.push(index);
    else if (run.start > floor && idle.get(run.start) !== run.end) free.push(index);
  });
  for (const index of partial) if (uncovered(runs[index]!)[0]! <= floor) return undefined;
  for (const index of whole) total -= runs[index]!.tokens;
  const header = MESSAGE_OVERHEAD_TOKENS + countRemembered(counter, kept.length > 0 ? BACKGROUND_MORE_HEADER : BACKGROUND_HEADER) + 1;
  const chosen: number[] = [];
  // The pages the extended block names (one set a fold), and the pages the new runs add to it.
  const named = new Set(extend?.pages);
  const listed = new Set<string>();
  // Extending a block: its text stays the new block's first bytes (its entries first, the new ones after them).
  if (extend) total += extend.blockTokens;
  const add = (index: number, force: boolean): boolean => {
    const run = runs[index]!;
    const before = named.size + listed.size;
    let added = before === 0 && run.pages.length > 0 ? header : 0;
    let fresh = 0;
    for (const page of run.pages) {
      if (named.has(page) || listed.has(page)) continue;
      added += idTokens(counter, page);
      fresh++;
    }
    // Line starts ("- ") and breaks for the lines the new entries may open.
    added += 2 * (Math.ceil((before + fresh) / BACKGROUND_ENTRIES_PER_LINE) - Math.ceil(before / BACKGROUND_ENTRIES_PER_LINE));
    if (!force && total - run.tokens + added > budget) return false;
    chosen.push(index);
    for (const page of run.pages) if (!named.has(page)) listed.add(page);
    total += added - run.tokens;
    return true;
  };
  for (const index of partial) add(index, true);
  if (total > budget) return undefined;
  const mandatory = chosen.length;
  for (const index of free) add(index, false);
  // Keywords for the new block's best-scored pages while the estimate leaves the reserve.
  const scores = new Map<string, number>();
  for (const index of chosen) {
    // A run's score is read only when it names a page the extended block does not.
    let score: number | undefined;
    for (const page of runs[index]!.pages) if (!named.has(page)) scores.set(page, Math.max(scores.get(page) ?? Number.NEGATIVE_INFINITY, (score ??= runScore(state, runs[index]!))));
  }
  const keywords = new Map<string, string[]>();
  const best = [...scores.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, KEYWORD_PAGES);
  for (const [page] of best) {
    const words = backgroundKeywords(state.pages, page);
    if (words.length === 0) continue;
    const cost = countRemembered(counter, ` (${words.join(', ')})`);
    if (total + cost > budget - reserve) break;
    keywords.set(page, words);
    total += cost;
  }
  // Exact count: drop the keywords, then unfold the last folded runs (never a partly kept one), until it fits.
  for (;;) {
    const result = build(chosen, keywords);
    if (result.history.tokens <= budget) return result;
    if (keywords.size > 0) keywords.clear();
    else if (chosen.length > mandatory) chosen.pop();
    else return undefined;
  }

  function build(picked: readonly number[], words: ReadonlyMap<string, string[]>): SegmentFold {
    const segments = [...kept];
    if (picked.length > 0) {
      const covers: number[] = [];
      const pages: string[] = [...(extend?.pages ?? [])];
      const seen = new Set<string>();
      for (const index of [...picked].sort((a, b) => a - b)) {
        const run = runs[index]!;
        covers.push(...(run.covered.length > 0 ? uncovered(run) : [run.start, run.end]));
        for (const page of run.pages) if (!named.has(page) && !seen.has(page)) (seen.add(page), pages.push(page));
      }
      const entries: BackgroundEntry[] = [...(extend?.entries ?? []), ...pages.slice(extend?.pages.length ?? 0).map((id) => (words.has(id) ? { id, keywords: words.get(id)! } : { id }))];
      // An extended block's text and tokens go on from its own (only the new entries are rendered and counted).
      const prefix = extend && { block: extend.block, tokens: extend.blockTokens, count: extend.entries.length };
      const block = backgroundMessage(entries, coveredSourceIds(state.log, covers), kept.length, prefix);
      segments.push({ covers, block, blockTokens: blockTokensOf(block, entries, kept.length > 0, counter, prefix && block.id === prefix.block.id ? prefix : undefined), pages, entries });
    }
    const folded = [...whole, ...picked].sort((a, b) => a - b).map((index) => runs[index]!);
    let runTokens = 0;
    for (const run of folded) runTokens += run.tokens;
    let blockTokens = 0;
    for (const segment of segments) blockTokens += segment.blockTokens;
    let pages: readonly string[] = segments.length === 1 ? segments[0]!.pages : [];
    if (segments.length > 1) {
      const all: string[] = [];
      for (const segment of segments) for (const page of segment.pages) all.push(page);
      pages = all;
    }
    const sources: ViewMessage[] = folded.map((run) => rendered.messages[run.message]!);
    const history: FoldedHistory = { messages: placeSegments(rendered, new Set(folded.map((run) => run.message)), segments), tokens: rendered.tokens - runTokens + blockTokens, pages };
    const memo: BackgroundMemo = { runs: placeholderRuns(fidelities), folded: folded.map(({ start, end }) => ({ start, end })), runTokens, segments, pages, sources };
    return { history, memo };
  }
}
