import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import type { CairnMessage, ToolCall, ViewMessage } from './types.js';

/**
 * Counts tokens of a text. Inject one per model; the engine caches per-message counts, so
 * `count` runs once per message.
 */
export interface TokenCounter {
  /** Names the tokenizer (recorded in snapshots; a restored engine recounts with its own counter). */
  readonly id: string;
  /** Tokens in `text`. Must be deterministic. */
  count(text: string): number;
  /**
   * Set only when counts add up at spaces: `count(a + ' ' + b) === count(a) + count(' ' + b)`
   * whenever `a` ends in a character that is not whitespace and the joined text has at most
   * 2,048 characters (true of BPE tokenizers whose pre-tokenizer never joins a non-space
   * character to the space after it, like `o200k_base`; longer texts may be counted in pieces
   * cut elsewhere).
   * The engine then counts the synthetic texts it builds (placeholder runs) from cached counts of
   * their words instead of counting each whole text. A wrong claim makes view sizes wrong.
   * @default false
   */
  readonly additiveAtSpaces?: boolean;
}

/** Tokens added per message for role and framing (what chat APIs charge, roughly). */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** Tokens added per tool call for its framing. */
export const TOOL_CALL_OVERHEAD_TOKENS = 4;

const CHUNK_CHARS = 2048;
/**
 * Text is text: `<|endoftext|>`, `<|im_start|>` and the other special tokens are counted as the
 * ordinary characters they are (gpt-tokenizer's default throws on them).
 */
const AS_TEXT = { disallowedSpecial: new Set<string>() };
const MAX_RUN_CHARS = 256;
const WHITESPACE = /\s/;

function isWhitespace(code: number, char: string): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  return code > 127 && WHITESPACE.test(char);
}

/**
 * Splits `text` into pieces a BPE tokenizer handles in linear time: cuts fall before whitespace
 * where possible (so word tokens with a leading space stay whole), and runs without whitespace
 * are cut every {@link MAX_RUN_CHARS} characters. BPE is quadratic in the length of one
 * pre-token: a 1 MB run of one character takes minutes to count whole.
 *
 * @internal
 */
export function chunkForTokenizer(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  let runStart = -1;
  let lastSpace = -1;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const isSpace = code > 32 && code <= 127 ? false : isWhitespace(code, text[index]!);
    if (isSpace) {
      lastSpace = index;
      runStart = -1;
    } else if (runStart < 0) {
      runStart = index;
    } else if (index - runStart >= MAX_RUN_CHARS) {
      pieces.push(text.slice(start, index));
      start = index;
      runStart = index;
      lastSpace = -1;
      continue;
    }
    if (index - start >= CHUNK_CHARS && lastSpace > start) {
      pieces.push(text.slice(start, lastSpace));
      start = lastSpace;
      lastSpace = -1;
    }
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}

/** True when `text` holds a run of more than {@link MAX_RUN_CHARS} characters without whitespace. */
function hasLongRun(text: string): boolean {
  let run = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 32 && code <= 127 ? false : isWhitespace(code, text[index]!)) run = 0;
    else if (++run > MAX_RUN_CHARS) return true;
  }
  return false;
}

/** Options for {@link createBpeTokenCounter}. */
export interface BpeTokenCounterOptions {
  /**
   * Extra share of tokens to add to every count, to cover a provider whose tokenizer differs
   * (0.1 counts 10% more).
   * @default 0
   */
  safetyMargin?: number;
}

/**
 * The default token counter: OpenAI's `o200k_base` byte-pair encoding (GPT-4o, GPT-4.1, o-series,
 * GPT-5), exact for those models and a close estimate for others. Long texts are counted in
 * linear-time pieces (see {@link chunkForTokenizer}). Special-token text such as `<|endoftext|>`
 * is counted as ordinary text, never rejected.
 *
 * @example
 * ```ts
 * const counter = createBpeTokenCounter({ safetyMargin: 0.05 });
 * counter.count('hello world'); // 2 (× 1.05, rounded up → 3)
 * ```
 */
export function createBpeTokenCounter({ safetyMargin = 0 }: BpeTokenCounterOptions = {}): TokenCounter {
  if (!Number.isFinite(safetyMargin) || safetyMargin < 0 || safetyMargin > 1) {
    throw new RangeError(`Invalid safetyMargin ${safetyMargin}: use a number from 0 to 1.`);
  }
  const scale = 1 + safetyMargin;
  const exact = (text: string): number => {
    if (text.length === 0) return 0;
    if (text.length <= CHUNK_CHARS && !hasLongRun(text)) return countO200k(text, AS_TEXT);
    let total = 0;
    for (const piece of chunkForTokenizer(text)) total += countO200k(piece, AS_TEXT);
    return total;
  };
  return {
    id: safetyMargin === 0 ? 'o200k_base' : `o200k_base+${safetyMargin}`,
    count: safetyMargin === 0 ? exact : (text) => Math.ceil(exact(text) * scale),
    // o200k's pre-tokenizer starts a new piece at every space after a non-space, and long texts are
    // cut only there (chunkForTokenizer); a safety margin rounds each count up, which does not add.
    ...(safetyMargin === 0 ? { additiveAtSpaces: true } : {}),
  };
}

/** Options for {@link createCharTokenCounter}. */
export interface CharTokenCounterOptions {
  /** @default 4 */
  charsPerToken?: number;
}

/**
 * A fast estimate: characters divided by `charsPerToken`, rounded up. For tests and for
 * comparisons with published "chars/4" baselines; prefer the BPE counter for budgets.
 */
export function createCharTokenCounter({ charsPerToken = 4 }: CharTokenCounterOptions = {}): TokenCounter {
  if (!Number.isFinite(charsPerToken) || charsPerToken <= 0) {
    throw new RangeError(`Invalid charsPerToken ${charsPerToken}: use a positive number.`);
  }
  return { id: `chars/${charsPerToken}`, count: (text) => Math.ceil(text.length / charsPerToken) };
}

/** The plain text of a message's content (text parts joined by newlines). */
export function contentText(content: CairnMessage['content']): string {
  if (typeof content === 'string') return content;
  let text = '';
  for (let index = 0; index < content.length; index++) {
    if (index > 0) text += '\n';
    text += content[index]!.text;
  }
  return text;
}

/** A stable JSON text of tool-call arguments (what the model reads back). */
export function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? 'null';
}

function toolCallTokens(call: ToolCall, counter: TokenCounter): number {
  return TOOL_CALL_OVERHEAD_TOKENS + counter.count(call.name) + counter.count(argumentsText(call.arguments));
}

/**
 * Tokens a message costs in a prompt: framing, name, content and tool calls. The budget of a
 * view is the sum of this over its messages.
 */
export function countMessageTokens(message: CairnMessage | ViewMessage, counter: TokenCounter): number {
  let total = MESSAGE_OVERHEAD_TOKENS + counter.count(contentText(message.content));
  if (message.name) total += 1 + counter.count(message.name);
  if (message.toolCalls) for (const call of message.toolCalls) total += toolCallTokens(call, counter);
  return total;
}

/**
 * Tokens of a message's content alone, from `messageTokens`, its whole count
 * ({@link countMessageTokens} with the same counter): the framing and the name are taken off
 * (counting a name costs far less than counting a long content again). `undefined` for a message
 * with tool calls (their arguments can be long: count the content instead). @internal
 */
export function contentTokensOf(message: CairnMessage | ViewMessage, messageTokens: number, counter: TokenCounter): number | undefined {
  if (message.toolCalls && message.toolCalls.length > 0) return undefined;
  const tokens = messageTokens - MESSAGE_OVERHEAD_TOKENS - (message.name ? 1 + counter.count(message.name) : 0);
  return tokens >= 0 ? tokens : undefined;
}
