import { countMessageTokens, MESSAGE_OVERHEAD_TOKENS } from '../log/index.js';
import type { TokenCounter, ViewMessage } from '../log/index.js';
import { BACKGROUND_ENTRIES_PER_LINE, BACKGROUND_HEADER, BACKGROUND_MORE_HEADER, backgroundEntryText, renderBackgroundContext, type BackgroundEntry } from '../pages/index.js';
import type { RenderCache } from './engine-state.js';
import type { BackgroundSegment } from './background-memo.js';

/** Id of the (first) Background_Context block's message; a later block's is `cairn:background:2`, `:3`, …. */
export const BACKGROUND_MESSAGE_ID = 'cairn:background';

/** Whether a view message is a Background_Context block (the first or a later one). */
export function isBackgroundMessageId(id: string): boolean {
  return id === BACKGROUND_MESSAGE_ID || id.startsWith(`${BACKGROUND_MESSAGE_ID}:`);
}

/** What a fold returns: the history without the folded runs, and the blocks in their place. @internal */
export interface FoldedHistory {
  messages: ViewMessage[];
  tokens: number;
  /** Pages the blocks name, block by block. */
  pages: readonly string[];
}

/** Texts whose token counts are remembered per counter (page ids, headers, keywords) before the memo starts afresh. */
const MAX_REMEMBERED = 65_536;
const remembered = new WeakMap<TokenCounter, Map<string, number>>();
/** The last block texts counted per counter: a turn that keeps the runs builds the same blocks again. */
const lastBlocks = new WeakMap<TokenCounter, Map<string, number>>();
const MAX_LAST_BLOCKS = 8;

/** Tokens of a short text that comes back turn after turn (a page id, a header), remembered per counter (bounded). @internal */
export function countRemembered(counter: TokenCounter, text: string): number {
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

/** Tokens of ` ${id}` per counter, by page id (bounded). */
const idCosts = new WeakMap<TokenCounter, Map<string, number>>();

/** Tokens of a page id as a block entry (` ${id}`), remembered per counter by the id itself (no new string a page a turn). @internal */
export function idTokens(counter: TokenCounter, id: string): number {
  let costs = idCosts.get(counter);
  if (!costs) idCosts.set(counter, (costs = new Map()));
  let tokens = costs.get(id);
  if (tokens === undefined) {
    tokens = countRemembered(counter, ` ${id}`);
    if (costs.size >= MAX_REMEMBERED) costs.clear();
    costs.set(id, tokens);
  }
  return tokens;
}

/** Tokens of a block message: a pure function of its text, so the count of a text seen lately is reused. @internal */
export function backgroundTokens(block: ViewMessage, counter: TokenCounter): number {
  const content = block.content as string;
  let last = lastBlocks.get(counter);
  if (!last) lastBlocks.set(counter, (last = new Map()));
  let tokens = last.get(content);
  if (tokens === undefined) {
    tokens = countMessageTokens(block, counter);
    if (last.size >= MAX_LAST_BLOCKS) last.clear();
    last.set(content, tokens);
  }
  return tokens;
}

/**
 * Whether a block's tokens are the sum of its pieces' — the header with its line break, `-` a
 * line, ` ${entry}` an entry (the last of a line with the line break after it: o200k joins a break
 * to the punctuation before it) — by `counter`: o200k (the default counter), whose pre-tokenizer
 * starts a piece at every space after a non-space character (property-tested against the real
 * counter in `background-block-tokens.property.test.ts`). Any other counter counts the whole text.
 */
function addsUpByPieces(counter: TokenCounter): boolean {
  return counter.additiveAtSpaces === true && counter.id === 'o200k_base';
}

/** Longest entry text counted as a piece (a longer one, from long keywords, sends the block to the whole count). */
const MAX_ENTRY_CHARS = 1024;

/**
 * An entry's piece of a block's tokens: ` ${entry}`, with the line break after it when it ends a
 * line that is not the last (`breaks`). `undefined` for an entry longer than {@link MAX_ENTRY_CHARS}.
 */
function entryTokens(entry: BackgroundEntry, breaks: boolean, counter: TokenCounter): number | undefined {
  if (!breaks && (!entry.keywords || entry.keywords.length === 0)) return idTokens(counter, entry.id);
  const text = backgroundEntryText(entry);
  if (text.length > MAX_ENTRY_CHARS) return undefined;
  return countRemembered(counter, breaks ? ` ${text}\n` : ` ${text}`);
}

/** Whether entry `at` of `count` ends a line that is not the last. */
const endsLine = (at: number, count: number): boolean => at % BACKGROUND_ENTRIES_PER_LINE === BACKGROUND_ENTRIES_PER_LINE - 1 && at < count - 1;

/**
 * Tokens of the block message `block` rendered from `entries` (`more`: a later block's header):
 * summed from remembered piece counts when the counter adds up by pieces (no count of a text of
 * thousands of entries), else {@link backgroundTokens}. Exactly `countMessageTokens(block, counter)`.
 * `from`: the tokens this function gave a block of the first `count` (at least one) of `entries`
 * with the same header: with a counter that adds up by pieces, only the entries after them (and
 * the line the last of them may now end) are counted. @internal
 */
export function blockTokensOf(block: ViewMessage, entries: readonly BackgroundEntry[], more: boolean, counter: TokenCounter, from?: { readonly tokens: number; readonly count: number }): number {
  if (!addsUpByPieces(counter) || block.name || block.toolCalls) return backgroundTokens(block, counter);
  const header = more ? BACKGROUND_MORE_HEADER : BACKGROUND_HEADER;
  if (entries.length === 0) return MESSAGE_OVERHEAD_TOKENS + countRemembered(counter, header);
  const lines = (count: number) => Math.ceil(count / BACKGROUND_ENTRIES_PER_LINE);
  let total: number;
  let at: number;
  if (from && from.count > 0 && from.count <= entries.length) {
    // The last entry of `from` was counted as the last of its block (no line break after it).
    const last = from.count - 1;
    const was = entryTokens(entries[last]!, false, counter);
    const now = entryTokens(entries[last]!, endsLine(last, entries.length), counter);
    if (was === undefined || now === undefined) return backgroundTokens(block, counter);
    total = from.tokens - was + now + (lines(entries.length) - lines(from.count)) * countRemembered(counter, '-');
    at = from.count;
  } else {
    total = MESSAGE_OVERHEAD_TOKENS + countRemembered(counter, `${header}\n`) + lines(entries.length) * countRemembered(counter, '-');
    at = 0;
  }
  for (; at < entries.length; at++) {
    const tokens = entryTokens(entries[at]!, endsLine(at, entries.length), counter);
    if (tokens === undefined) return backgroundTokens(block, counter);
    total += tokens;
  }
  return total;
}

/**
 * A block's message: its entries rendered, standing for the log messages `sourceIds`; `segment`
 * is its place among the view's blocks (0: the first, with the full header). `from`: the message
 * of a block at the same place whose entries are the first of `entries` (its text goes on).
 * @internal
 */
export function backgroundMessage(entries: readonly BackgroundEntry[], sourceIds: string[], segment = 0, from?: { readonly block: ViewMessage; readonly count: number }): ViewMessage {
  const id = segment === 0 ? BACKGROUND_MESSAGE_ID : `${BACKGROUND_MESSAGE_ID}:${segment + 1}`;
  const prefix = from && from.block.id === id && typeof from.block.content === 'string' ? { text: from.block.content, count: from.count } : undefined;
  return {
    id,
    role: 'user',
    content: renderBackgroundContext(entries, segment > 0, prefix),
    sourceIds,
    fidelity: 'placeholder',
    synthetic: true,
  };
}

/**
 * The rendered history with the run messages at `drop` left out and each block where the run of
 * the first unit it stands for was (blocks at one place in their order). What comes after a block,
 * new turns or a later block, never moves it. @internal
 */
export function placeSegments(rendered: RenderCache, drop: ReadonlySet<number>, segments: readonly BackgroundSegment[]): ViewMessage[] {
  const at = new Map<number, ViewMessage[]>();
  for (const segment of segments) {
    const place = rendered.firstMessage[segment.covers[0]!]!;
    const blocks = at.get(place);
    if (blocks) blocks.push(segment.block);
    else at.set(place, [segment.block]);
  }
  const messages: ViewMessage[] = [];
  rendered.messages.forEach((message, index) => {
    const blocks = at.get(index);
    if (blocks) messages.push(...blocks);
    else if (!drop.has(index)) messages.push(message);
  });
  return messages;
}
