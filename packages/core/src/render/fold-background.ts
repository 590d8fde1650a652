import { countMessageTokens, MESSAGE_OVERHEAD_TOKENS } from '../log/index.js';
import type { Fidelity, TokenCounter, ViewMessage } from '../log/index.js';
import { BACKGROUND_ENTRIES_PER_LINE, BACKGROUND_HEADER, backgroundKeywords, foldedPageResolver, renderBackgroundContext, type BackgroundEntry } from '../pages/index.js';
import type { EngineState, RenderCache } from './engine-state.js';
import { memoStillHolds, placeholderRuns, type BackgroundMemo } from './background-memo.js';

/** Id of the Background_Context block's message. */
export const BACKGROUND_MESSAGE_ID = 'cairn:background';
/** Folded pages, best in time × relevance first, that get keywords when the tokens allow. */
const KEYWORD_PAGES = 8;

/** Texts whose token counts are remembered per counter (page ids, the header) before the memo starts afresh. */
const MAX_REMEMBERED = 65_536;
const remembered = new WeakMap<TokenCounter, Map<string, number>>();
/** Tokens of ` ${id}` per counter, by page id (bounded). */
const idCosts = new WeakMap<TokenCounter, Map<string, number>>();
/** The last block text counted per counter: a steady turn usually folds the same runs again. */
const lastBlock = new WeakMap<TokenCounter, { content: string; tokens: number }>();

/** Tokens of a short text that comes back turn after turn (a page id, the header), remembered per counter (bounded). */
function countRemembered(counter: TokenCounter, text: string): number {
  let counts = remembered.get(counter);
  if (!counts) remembered.set(counter, (counts = new Map()));
  let tokens = counts.get(text);
  if (tokens === undefined) {
    tokens = counter.count(text);
    if (counts.size >= MAX_REMEMBERED) counts.clear();
    counts.set(text, tokens);
  }
  return tokens;
}

/** Tokens of the block message: a pure function of its text, so the last count is reused when the text is the same. */
function blockTokens(block: ViewMessage, counter: TokenCounter): number {
  const content = block.content as string;
  const last = lastBlock.get(counter);
  if (last && last.content === content) return last.tokens;
  const tokens = countMessageTokens(block, counter);
  lastBlock.set(counter, { content, tokens });
  return tokens;
}

/** The block's message: its entries rendered, standing for the messages of the runs it folded (`sourceIds`). @internal */
export function backgroundMessage(entries: readonly BackgroundEntry[], sourceIds: string[]): ViewMessage {
  return { id: BACKGROUND_MESSAGE_ID, role: 'user', content: renderBackgroundContext(entries), sourceIds, fidelity: 'placeholder', synthetic: true };
}

/** One placeholder run of the rendered history. */
interface Run {
  /** Its message in the rendered history. */
  message: number;
  /** Tokens the history spends on it. */
  tokens: number;
  /** Its pages (see `foldedPageResolver`), in log order. */
  pages: string[];
  /** The best score of its units (time × relevance: the units' scores this turn). */
  score: number;
  /** Its first and last unit. */
  start: number;
  end: number;
}

/** What {@link foldBackground} returns: the history without the folded runs, and the block after it. */
export interface FoldedHistory {
  messages: ViewMessage[];
  tokens: number;
  /** Pages the block names, in log order. */
  pages: readonly string[];
}

function findRuns(state: EngineState, rendered: RenderCache, fidelities: readonly Fidelity[]): Run[] {
  const runs: Run[] = [];
  const count = fidelities.length;
  const pageOf = foldedPageResolver(state.pages);
  for (let index = 0; index < count; index++) {
    if (fidelities[index] !== 'placeholder') continue;
    const start = index;
    while (index + 1 < count && fidelities[index + 1] === 'placeholder') index++;
    const pages: string[] = [];
    let score = Number.NEGATIVE_INFINITY;
    for (let unit = start; unit <= index; unit++) {
      const page = pageOf(unit);
      if (pages[pages.length - 1] !== page) pages.push(page);
      score = Math.max(score, state.units[unit]!.score);
    }
    const tokens = (index + 1 < count ? rendered.tokensAtUnit[index + 1]! : rendered.tokens) - rendered.tokensAtUnit[start]!;
    runs.push({ message: rendered.firstMessage[start]!, tokens, pages, score, start, end: index });
  }
  return runs;
}

/**
 * Dual-decay overflow (`pages.consolidation.background`): folds placeholder runs of the rendered
 * history into one Background_Context block, paid for by the runs' tokens and what the plan left
 * unused (`budget` less the rendered tokens), so the plan is the one without the block. Runs fold
 * oldest first while the view stays within `budget`; a run whose pages do not fit stays. The block
 * takes the place of the last folded run: the turns appended after it do not move it, and a turn
 * that folds more runs (they come after the old ones: a cache-aware turn frees from its region
 * start on) changes the view from the old block's place, not from the first run's. Then the
 * best-scored folded pages get keywords while the view stays within `budget` less `reserve` (the
 * room steady turns grow into). Every page of a folded run is named in the block; the block shows
 * no content of the messages it stands for. A steady turn (the same placeholder runs) shows
 * last turn's block again, byte for byte, while it fits ({@link BackgroundMemo}). `undefined`
 * when no run folds. @internal
 */
export function foldBackground(state: EngineState, rendered: RenderCache, fidelities: readonly Fidelity[], budget: number, counter: TokenCounter, reserve = 0): FoldedHistory | undefined {
  const memo = state.background;
  if (memo && memoStillHolds(memo, fidelities)) {
    let runTokens = 0;
    for (const { start, end } of memo.folded) runTokens += (end + 1 < fidelities.length ? rendered.tokensAtUnit[end + 1]! : rendered.tokens) - rendered.tokensAtUnit[start]!;
    const tokens = rendered.tokens - runTokens + memo.blockTokens;
    if (tokens <= budget) {
      const sources = memo.folded.map(({ start }) => rendered.messages[rendered.firstMessage[start]!]!);
      // A folded unit that gained a message (a late tool result) keeps its run but not its sources: the block then stands for them too.
      const block = sameSources(memo, sources) ? memo.block : { ...memo.block, sourceIds: sources.flatMap((message) => message.sourceIds) };
      if (block !== memo.block || memo.sources === undefined) state.background = { ...memo, block, sources };
      const drop = new Set(memo.folded.map(({ start }) => rendered.firstMessage[start]!));
      return { messages: placeBlock(rendered.messages, drop, block), tokens, pages: memo.pages };
    }
  }
  state.background = undefined;
  const folded = foldAfresh(state, rendered, fidelities, budget, counter, reserve);
  if (folded) {
    state.background = {
      runs: placeholderRuns(fidelities),
      folded: folded.runs,
      runTokens: folded.runTokens,
      block: folded.block,
      blockTokens: folded.blockTokens,
      pages: folded.history.pages,
      entries: folded.entries,
      sources: folded.runs.map(({ start }) => rendered.messages[rendered.firstMessage[start]!]!),
    };
  }
  return folded?.history;
}

/** Whether the folded run messages are the memo's (the very objects, or messages standing for the same log messages). */
function sameSources(memo: BackgroundMemo, sources: readonly ViewMessage[]): boolean {
  if (memo.sources && memo.sources.length === sources.length && memo.sources.every((message, at) => message === sources[at])) return true;
  const ids = memo.block.sourceIds;
  let at = 0;
  for (const message of sources) for (const id of message.sourceIds) if (ids[at++] !== id) return false;
  return at === ids.length;
}

/**
 * The history with the messages at `drop` left out and `block` in the place of the last of them
 * (what comes after it, new turns, never moves it).
 */
function placeBlock(history: readonly ViewMessage[], drop: ReadonlySet<number>, block: ViewMessage): ViewMessage[] {
  let last = -1;
  for (const at of drop) last = Math.max(last, at);
  const messages: ViewMessage[] = [];
  history.forEach((message, at) => {
    if (at === last) messages.push(block);
    else if (!drop.has(at)) messages.push(message);
  });
  return messages;
}

interface FreshFold {
  history: FoldedHistory;
  runs: { start: number; end: number }[];
  runTokens: number;
  block: ViewMessage;
  blockTokens: number;
  entries: BackgroundEntry[];
}

function foldAfresh(state: EngineState, rendered: RenderCache, fidelities: readonly Fidelity[], budget: number, counter: TokenCounter, reserve: number): FreshFold | undefined {
  const runs = findRuns(state, rendered, fidelities);
  if (runs.length === 0) return undefined;
  let costs = idCosts.get(counter);
  if (!costs) idCosts.set(counter, (costs = new Map()));
  const known = costs;
  // Keyed by the id itself (its hash is kept with the string): no new string a page a turn.
  const idCost = (id: string): number => {
    let tokens = known.get(id);
    if (tokens === undefined) {
      tokens = countRemembered(counter, ` ${id}`);
      if (known.size >= MAX_REMEMBERED) known.clear();
      known.set(id, tokens);
    }
    return tokens;
  };
  const header = MESSAGE_OVERHEAD_TOKENS + countRemembered(counter, BACKGROUND_HEADER) + 1;
  const folded: number[] = [];
  const listed = new Set<string>();
  let total = rendered.tokens;
  for (let index = 0; index < runs.length; index++) {
    const run = runs[index]!;
    let added = listed.size === 0 ? header : 0;
    let fresh = 0;
    for (const page of run.pages) {
      if (listed.has(page)) continue;
      added += idCost(page);
      fresh++;
    }
    // Line starts ("- ") and breaks for the lines the new entries may open.
    added += 2 * (Math.ceil((listed.size + fresh) / BACKGROUND_ENTRIES_PER_LINE) - Math.ceil(listed.size / BACKGROUND_ENTRIES_PER_LINE));
    if (total - run.tokens + added > budget) continue;
    folded.push(index);
    for (const page of run.pages) listed.add(page);
    total += added - run.tokens;
  }
  if (folded.length === 0) return undefined;
  // Keywords for the best-scored folded pages while the estimate leaves the reserve.
  const scores = new Map<string, number>();
  for (const index of folded) for (const page of runs[index]!.pages) scores.set(page, Math.max(scores.get(page) ?? Number.NEGATIVE_INFINITY, runs[index]!.score));
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
  // Exact count: drop the keywords, then unfold the last folded runs, until it fits.
  for (;;) {
    const result = build(folded, keywords);
    if (result.history.tokens <= budget) return result;
    if (keywords.size > 0) keywords.clear();
    else if (folded.length > 0) folded.pop();
    else return undefined;
  }

  function build(chosen: readonly number[], words: ReadonlyMap<string, string[]>): FreshFold {
    const drop = new Set<number>();
    const sourceIds: string[] = [];
    const pages: string[] = [];
    const seen = new Set<string>();
    let runTokens = 0;
    for (const index of chosen) {
      const run = runs[index]!;
      runTokens += run.tokens;
      drop.add(run.message);
      for (const page of run.pages) if (!seen.has(page)) (seen.add(page), pages.push(page));
    }
    rendered.messages.forEach((message, at) => {
      if (drop.has(at)) sourceIds.push(...message.sourceIds);
    });
    const entries: BackgroundEntry[] = pages.map((id) => (words.has(id) ? { id, keywords: words.get(id)! } : { id }));
    const block = backgroundMessage(entries, sourceIds);
    const blockCost = blockTokens(block, counter);
    return {
      history: { messages: placeBlock(rendered.messages, drop, block), tokens: rendered.tokens - runTokens + blockCost, pages },
      runs: chosen.map((index) => ({ start: runs[index]!.start, end: runs[index]!.end })),
      runTokens,
      block,
      blockTokens: blockCost,
      entries,
    };
  }
}
