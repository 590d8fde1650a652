import { contentText, countMessageTokens, MESSAGE_OVERHEAD_TOKENS, type TokenCounter } from '../log/index.js';
import type { ViewMessage } from '../log/index.js';
import type { PlaceholderRunText } from './render-unit.js';

/** Words whose counts are remembered per counter before the memo starts afresh (bounded memory). */
const MAX_WORD_COUNTS = 1 << 14;
/** Longest text counted by words: `additiveAtSpaces` holds up to this length (longer texts are counted whole). */
const MAX_ADDITIVE_CHARS = 2048;
/** Longer words are counted each time, not remembered (a long run without spaces, such as base64). */
const MAX_WORD_CHARS = 48;
/** Whole run texts remembered per counter that does not add up at spaces. */
const MAX_RUN_COUNTS = 4096;
const wordCounts = new WeakMap<TokenCounter, Map<string, number>>();
/** Run pieces other than the unit-naming ones (message counts, tool tallies), apart from words so neither evicts the other. */
const pieceCounts = new WeakMap<TokenCounter, Map<string, number>>();
const runCounts = new WeakMap<TokenCounter, Map<string, number>>();

function isWhitespace(code: number, text: string, index: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  return code > 127 && /\s/.test(text[index]!);
}

function memo(store: WeakMap<TokenCounter, Map<string, number>>, counter: TokenCounter): Map<string, number> {
  let counts = store.get(counter);
  if (!counts) store.set(counter, (counts = new Map()));
  return counts;
}

/**
 * Tokens of `text` by a counter that adds up at spaces ({@link TokenCounter.additiveAtSpaces}):
 * the sum of the counts of its words, each word a piece that starts at a space following a
 * non-space character, counts remembered per counter (bounded); a text over 2,048 characters is
 * counted whole. Exactly `counter.count(text)` for such a counter; the texts rendering counts
 * (placeholders, compressed segments and headers) share most of their words. @internal
 */
export function countByWords(text: string, given: TokenCounter): number {
  const counter = baseCounters.get(given) ?? given;
  if (text.length > MAX_ADDITIVE_CHARS) return longTextTokens(text, counter);
  if (text.length === 0) return 0;
  const counts = memo(wordCounts, counter);
  let total = 0;
  let start = 0;
  // A word ends before a space that follows a non-space character, or at the end of the text
  // (the native search finds the spaces; a space at 0 never ends one).
  for (let space = text.indexOf(' ', 1); ; space = text.indexOf(' ', space + 1)) {
    const end = space < 0 ? text.length : space;
    if (space >= 0 && isWhitespace(text.charCodeAt(space - 1), text, space - 1)) continue;
    total += wordTokens(text, start, end, counter, counts);
    start = end;
    if (space < 0) break;
  }
  return total;
}

/** Long texts remembered whole per counter (a brief is counted where it is built and again in the view). */
const MAX_LONG_TEXTS = 32;
const longTextCounts = new WeakMap<TokenCounter, Map<string, number>>();

/** `counter.count(text)` of a text too long to count by words, remembered for the last few such texts. */
function longTextTokens(text: string, counter: TokenCounter): number {
  const counts = memo(longTextCounts, counter);
  let tokens = counts.get(text);
  if (tokens === undefined) {
    tokens = counter.count(text);
    if (counts.size >= MAX_LONG_TEXTS) counts.clear();
    counts.set(text, tokens);
  }
  return tokens;
}

/** Tokens of the word `text.slice(start, end)`, remembered unless it is long. */
function wordTokens(text: string, start: number, end: number, counter: TokenCounter, counts: Map<string, number>): number {
  const word = text.slice(start, end);
  if (end - start > MAX_WORD_CHARS) return counter.count(word);
  let tokens = counts.get(word);
  if (tokens === undefined) {
    tokens = counter.count(word);
    if (counts.size >= MAX_WORD_COUNTS) counts.clear();
    counts.set(word, tokens);
  }
  return tokens;
}

/** Longest run piece remembered (a piece names one unit, a message count, or a tool tally). */
const MAX_PIECE_CHARS = 160;

function pieceTokens(piece: string, counter: TokenCounter, counts: Map<string, number>): number {
  if (piece.length === 0) return 0;
  if (piece.length > MAX_PIECE_CHARS) return counter.count(piece);
  let tokens = counts.get(piece);
  if (tokens === undefined) {
    tokens = countByWords(piece, counter);
    if (counts.size >= MAX_WORD_COUNTS) counts.clear();
    counts.set(piece, tokens);
  }
  return tokens;
}

/**
 * Tokens of a merged placeholder run's message from the pieces its text is joined from
 * ({@link PlaceholderRunText}): with a counter that adds up at spaces, the sum of the pieces'
 * remembered counts — the pieces that name a unit come back whenever a run starts or ends there,
 * the count and tool tally pieces in most runs — exactly {@link countMessageTokens} of the message;
 * otherwise {@link runMessageTokens}. @internal
 */
export function placeholderRunTokens(message: ViewMessage, parts: PlaceholderRunText | undefined, given: TokenCounter, edges?: RunEdges): number {
  const counter = baseCounters.get(given) ?? given;
  if (!parts || counter.additiveAtSpaces !== true || message.name || message.toolCalls) return runMessageTokens(message, given);
  if (parts.from.length + parts.to.length + parts.count.length + parts.tools.length > MAX_ADDITIVE_CHARS) return runMessageTokens(message, given);
  const counts = memo(pieceCounts, counter);
  const store = edges ? edgeStore(edges.log, counter, Math.max(edges.first, edges.last) + 1) : undefined;
  // Each piece is counted by its words (the same count: the counter adds up at spaces), so that
  // the words pieces share — `[cairn:placeholder`, ` count=12`, ` search_files×2,` — are counted
  // once, and only what is new in a piece (a unit's id, a page id) reaches the tokenizer.
  let from = store ? store.from[edges!.first]! : -1;
  if (from < 0) {
    from = store ? countByWords(parts.from, counter) : pieceTokens(parts.from, counter, counts);
    if (store) store.from[edges!.first] = from;
  }
  let to = store ? store.to[edges!.last]! : -1;
  if (to < 0) {
    to = store ? countByWords(parts.to, counter) : pieceTokens(parts.to, counter, counts);
    if (store) store.to[edges!.last] = to;
  }
  return MESSAGE_OVERHEAD_TOKENS + from + to + pieceTokens(parts.count, counter, counts) + pieceTokens(parts.tools, counter, counts);
}

/**
 * Counts now (idle time) the two run pieces that name unit `unit` of `log` — as the first unit of
 * a merged run (`from`) and as the last (`to`) — into the store {@link placeholderRunTokens}
 * reads, unless counted already; nothing with a counter that does not add up at spaces (the store
 * is not used then). Returns whether it counted anything. @internal
 */
export function warmRunEdgeTokens(log: object, given: TokenCounter, unit: number, from: string, to: string): boolean {
  const counter = baseCounters.get(given) ?? given;
  if (counter.additiveAtSpaces !== true) return false;
  const store = edgeStore(log, counter, unit + 1);
  if (store.from[unit]! >= 0 && store.to[unit]! >= 0) return false;
  if (store.from[unit]! < 0) store.from[unit] = countByWords(from, counter);
  if (store.to[unit]! < 0) store.to[unit] = countByWords(to, counter);
  return true;
}

/** Where a run starts and ends: its first and last units' indexes in `log` (units never change id). @internal */
export interface RunEdges {
  readonly log: object;
  readonly first: number;
  readonly last: number;
}

/** Per log and counter: the tokens of the `from` and `to` pieces naming each unit (-1: not counted yet). */
interface EdgeCounts {
  readonly counter: TokenCounter;
  from: Int32Array;
  to: Int32Array;
}

const edgeStores = new WeakMap<object, EdgeCounts>();

function edgeStore(log: object, counter: TokenCounter, size: number): EdgeCounts {
  let store = edgeStores.get(log);
  if (!store || store.counter !== counter) {
    store = { counter, from: new Int32Array(Math.max(64, size)).fill(-1), to: new Int32Array(Math.max(64, size)).fill(-1) };
    edgeStores.set(log, store);
  }
  if (store.from.length < size) {
    const capacity = Math.max(size, 2 * store.from.length);
    const from = new Int32Array(capacity).fill(-1);
    from.set(store.from);
    const to = new Int32Array(capacity).fill(-1);
    to.set(store.to);
    store.from = from;
    store.to = to;
  }
  return store;
}

/**
 * Tokens of a merged placeholder run's message ({@link countMessageTokens}, exactly). A new
 * question's view reshapes most of its ~thousand runs, so whole texts rarely come back; with a
 * counter that adds up at spaces the count is the sum of its words' remembered counts, otherwise
 * whole texts are remembered (bounded). @internal
 */
export function runMessageTokens(message: ViewMessage, counter: TokenCounter): number {
  if (message.name || message.toolCalls) return countMessageTokens(message, counter);
  const text = contentText(message.content);
  if (counter.additiveAtSpaces === true) return MESSAGE_OVERHEAD_TOKENS + countByWords(text, counter);
  const counts = memo(runCounts, counter);
  let tokens = counts.get(text);
  if (tokens === undefined) {
    tokens = countMessageTokens(message, counter);
    if (counts.size >= MAX_RUN_COUNTS) counts.clear();
    counts.set(text, tokens);
  }
  return tokens;
}

const wordCounters = new WeakMap<TokenCounter, TokenCounter>();
/** The counter a word-counting one wraps. */
const baseCounters = new WeakMap<TokenCounter, TokenCounter>();

/**
 * The counter rendering counts with: for a counter that adds up at spaces, one that counts by
 * remembered words ({@link countByWords}: the same counts, and the synthetic texts rendering
 * builds — placeholders, compressed headers, runs — share most of their words), one per counter;
 * any other counter as it is. @internal
 */
export function renderingCounter(counter: TokenCounter): TokenCounter {
  if (counter.additiveAtSpaces !== true) return counter;
  let wrapped = wordCounters.get(counter);
  if (!wrapped) {
    wrapped = { id: counter.id, count: (text) => countByWords(text, counter), additiveAtSpaces: true };
    wordCounters.set(counter, wrapped);
    baseCounters.set(wrapped, counter);
  }
  return wrapped;
}
