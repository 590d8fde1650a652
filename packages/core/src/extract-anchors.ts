/**
 * The kinds of logical anchor cairn keeps when it compresses a message: the facts a later question
 * is most likely to need.
 */
export type AnchorKind =
  | 'id'
  | 'number'
  | 'path'
  | 'url'
  | 'identifier'
  | 'name'
  | 'error'
  | 'negation'
  | 'decision';

/** One anchor found in a text. */
export interface Anchor {
  kind: AnchorKind;
  /** The anchor exactly as written: `text === source.slice(index, index + text.length)`. */
  text: string;
  /** Offset of the anchor in the source text (UTF-16 code units). */
  index: number;
}

/** Options for {@link extractAnchors}. */
export interface ExtractAnchorsOptions {
  /**
   * At most this many anchors are returned (the first ones in text order).
   * @default 200
   */
  maxAnchors?: number;
}

/** Options for {@link entityKeys}. */
export interface EntityKeysOptions {
  /**
   * At most this many keys are returned (the first ones in text order).
   * @default 64
   */
  maxKeys?: number;
}

/** Default of {@link ExtractAnchorsOptions.maxAnchors}. */
export const DEFAULT_MAX_ANCHORS = 200;
/** Default of {@link EntityKeysOptions.maxKeys}. */
export const DEFAULT_MAX_ENTITY_KEYS = 64;

interface Span {
  kind: AnchorKind;
  start: number;
  end: number;
}

const MONTH = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const ORDINAL = '(?:st|nd|rd|th)?';

/**
 * Anchors spanning several words (or characters the word scan splits on). Every pattern is
 * linear: each alternative consumes a bounded prefix before it fails.
 */
const PHRASES: ReadonlyArray<readonly [AnchorKind, RegExp]> = [
  ['url', /\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s"'<>`]+/gi],
  ['error', /\bexit(?:ed)?(?: with)? (?:code|status)[ :=]{0,3}-?\d+/gi],
  ['error', /\bHTTP(?:\/\d(?:\.\d)?)? [45]\d\d\b/gi],
  ['error', /\bstatus(?:[ _]code)?[ :=]{1,3}[45]\d\d\b/gi],
  [
    'error',
    /\b(?:not found|permission denied|access denied|timed out|no such file(?: or directory)?|segmentation fault|out of memory|connection refused)\b/gi,
  ],
  ['negation', /\b(?:do|does|did|must|should|shall|will|would|can|could|may|might|need|is|are|was|were|has|have|had) not\b/gi],
  ['negation', /\b[a-z]+n['’]t\b/gi],
  ['negation', /\binstead of\b/gi],
  [
    'number',
    new RegExp(
      `\\b(?:\\d{1,2}${ORDINAL} (?:${MONTH})\\.?(?:,? \\d{4})?|(?:${MONTH})\\.? \\d{1,2}${ORDINAL}(?:,? \\d{4})?)\\b`,
      'gi',
    ),
  ],
];

/** Words the scan splits on; a comma inside a number like `1,250` is kept. */
const WORD = /(?:[^\s"'`<>{}[\](),;|=]|(?<=\d),(?=\d{3}(?!\d)))+/g;

const LEXICON: ReadonlyMap<string, AnchorKind> = new Map<string, AnchorKind>([
  ...[
    'error', 'errors', 'errored', 'exception', 'exceptions', 'traceback', 'fail', 'fails', 'failed',
    'failure', 'failures', 'failing', 'fatal', 'panic', 'panicked', 'denied', 'refused', 'invalid',
    'crash', 'crashed', 'timeout', 'abort', 'aborted', 'unauthorized', 'unreachable', 'critical',
    'assert', 'assertion', 'warning',
  ].map((word) => [word, 'error'] as const),
  ...[
    'not', 'never', 'no', 'cannot', 'avoid', 'avoids', 'avoided', 'without', 'forbidden', 'prohibited',
    'neither', 'nor', 'none',
  ].map((word) => [word, 'negation'] as const),
  ...[
    'decided', 'decide', 'decision', 'chose', 'chosen', 'choose', 'will', 'must', 'should', 'plan',
    'planned', 'agreed', 'agree', 'confirmed', 'confirm', 'prefer', 'prefers', 'preferred', 'always',
  ].map((word) => [word, 'decision'] as const),
]);

/** Capitalised words that usually start a sentence rather than a name. */
const NAME_STOPWORDS: ReadonlySet<string> = new Set([
  'the', 'a', 'an', 'this', 'that', 'these', 'those', 'it', 'its', 'in', 'on', 'at', 'for', 'to', 'of',
  'if', 'when', 'then', 'we', 'i', 'you', 'he', 'she', 'they', 'our', 'my', 'your', 'his', 'her',
  'their', 'after', 'before', 'yesterday', 'today', 'tomorrow', 'please', 'also', 'but', 'and', 'or',
  'so', 'hi', 'hello', 'thanks', 'yes', 'ok', 'okay', 'here', 'there', 'what', 'why', 'how', 'where',
  'who', 'which', 'let', 'lets', 'now', 'next', 'first', 'finally', 'sure', 'great', 'dear', 'with',
  'from', 'by', 'as', 'is', 'are', 'was', 'were', 'can', 'could', 'would', 'do', 'does', 'did', 'all',
  'some', 'any', 'each', 'every', 'one', 'note', 'see', 'use', 'run', 'try', 'check',
]);

const FILE_EXTENSIONS =
  'py|pyi|ts|tsx|mts|cts|js|jsx|mjs|cjs|json|jsonl|md|mdx|txt|log|yaml|yml|toml|ini|cfg|conf|env|lock|rs|go|java|kt|kts|scala|c|h|cc|cpp|hpp|cs|rb|php|swift|m|sh|bash|zsh|ps1|bat|html|htm|css|scss|less|vue|svelte|csv|tsv|sql|xml|svg|png|jpg|jpeg|gif|pdf|zip|gz|tar|whl|ipynb|proto|graphql|gradle|dockerfile|tf|lua|r|pl|ex|exs|erl|hs|ml|dart|zig|nim';

const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HASH_NUMBER = /^#\d+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T_]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const SLASH_DATE = /^\d{1,2}\/\d{1,2}\/\d{2,4}$/;
const TIME = /^\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:am|pm)?$/i;
const WINDOWS_PATH = /^[A-Za-z]:[\\/]/;
const ROOTED_PATH = /^(?:~|\.{1,2})?\/[^/]/;
const RELATIVE_PATH = /^[\w.@~+-]+(?:[\\/][\w.@~+-]*)+(?::\d+(?::\d+)?)?$/;
const HAS_EXTENSION = new RegExp(`\\.(?:${FILE_EXTENSIONS})(?::\\d+(?::\\d+)?)?$`, 'i');
const FILE_WITH_LINE = /^[\w.-]+\.[A-Za-z0-9]{1,8}:\d+(?::\d+)?$/;
const FILE_NAME = new RegExp(`^[\\w-]+(?:\\.[\\w-]+)*\\.(?:${FILE_EXTENSIONS})$`, 'i');
const HEX_HASH = /^(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,}$|^(?=[0-9A-F]*[A-F])(?=[0-9A-F]*\d)[0-9A-F]{7,}$/;
const HEX_NUMBER = /^0x[0-9a-f]+$/i;
const TICKET = /^[A-Z][A-Z0-9]+-\d+$/;
const NUMBER_WITH_UNIT = /^[-+]?\d+(?:\.\d+)?(?:[a-zA-Zµ]{1,3}(?:\/[a-zA-Z]{1,3})?)$/;
const LETTERS_THEN_DIGITS = /^[A-Za-z]{1,6}[-_]?\d+$/;
const UPPER_CODE = /^(?=[A-Z0-9]*[A-Z])(?=[A-Z0-9]*\d)[A-Z0-9]{4,}$/;
const MIXED_CODE = /^(?=[A-Za-z0-9-]*[A-Za-z])(?=[A-Za-z0-9-]*\d)[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;
const VERSION = /^v?\d+(?:\.\d+){1,3}(?:[-+][0-9A-Za-z.-]+)?$/;
const MONEY = /^[-+]?[$€£¥₹]\d[\d,]*(?:\.\d+)?(?:[kKmMbB]n?)?$|^\d[\d,]*(?:\.\d+)?[$€£¥]$/;
const PERCENT = /^[-+]?\d+(?:[.,]\d+)?%$/;
const PLAIN_NUMBER = /^[-+]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)(?:e[-+]?\d+)?$/i;
const ERRNO = /^E[A-Z]{3,}$/;
const ERROR_TYPE = /^[A-Z]\w*(?:Error|Exception|Failure|Fault)$/;
const FLAG = /^--?[A-Za-z][\w-]*$/;
const QUALIFIED = /^[A-Za-z_]\w*(?:::[A-Za-z_]\w*)+$/;
const DOTTED = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;
const SNAKE = /^_*[A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+)+_*$|^__\w+__$/;
const CAMEL = /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/;
const PASCAL = /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$|^[A-Z]{2,}[A-Z][a-z]+(?:[A-Z][a-z0-9]*)*$/;
const CALLABLE = /^[A-Za-z_$][\w$.]*$/;
const NAME = /^\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}?\p{Ll}+)*$/u;
const SENTENCE_END = /[.!?…]/;
const SKIP_BEFORE_SENTENCE = /[\s"'([{*_>#•-]/;

function isPath(word: string): boolean {
  if (WINDOWS_PATH.test(word)) return true;
  if (ROOTED_PATH.test(word)) return /[\w]/.test(word);
  if (FILE_WITH_LINE.test(word) || FILE_NAME.test(word)) return true;
  if (!RELATIVE_PATH.test(word)) return false;
  let separators = 0;
  for (let index = 0; index < word.length; index++) {
    const char = word[index];
    if (char === '/' || char === '\\') separators++;
  }
  return separators >= 2 || HAS_EXTENSION.test(word);
}

/** Classifies one word; `'name?'` marks a capitalised word that may be a name. */
function classifyWord(word: string, followedByParen: boolean): AnchorKind | 'name?' | undefined {
  const lexical = LEXICON.get(word.toLowerCase());
  if (lexical) return lexical;
  if (ERRNO.test(word) || ERROR_TYPE.test(word)) return 'error';
  if (EMAIL.test(word) || UUID.test(word) || HASH_NUMBER.test(word)) return 'id';
  if (ISO_DATE.test(word) || SLASH_DATE.test(word) || TIME.test(word)) return 'number';
  if (isPath(word)) return 'path';
  if (HEX_NUMBER.test(word)) return 'number';
  if (HEX_HASH.test(word)) return 'id';
  if (VERSION.test(word) || MONEY.test(word) || PERCENT.test(word) || PLAIN_NUMBER.test(word)) return 'number';
  if (NUMBER_WITH_UNIT.test(word)) return 'number';
  if (TICKET.test(word) || LETTERS_THEN_DIGITS.test(word) || UPPER_CODE.test(word)) return 'id';
  if (FLAG.test(word) || QUALIFIED.test(word)) return 'identifier';
  if (SNAKE.test(word) || CAMEL.test(word) || PASCAL.test(word)) return 'identifier';
  if (DOTTED.test(word) && /\w{2}/.test(word)) return 'identifier';
  if (MIXED_CODE.test(word) && word.length >= 3) return 'id';
  if (followedByParen && CALLABLE.test(word)) return 'identifier';
  if (word.length >= 2 && NAME.test(word)) return 'name?';
  return undefined;
}

/** True when the word at `index` starts a sentence (text start, line start, or after `.!?`). */
function isSentenceStart(text: string, index: number): boolean {
  for (let position = index - 1, steps = 0; position >= 0 && steps < 16; position--, steps++) {
    const char = text[position]!;
    if (char === '\n') return true;
    if (SENTENCE_END.test(char)) return true;
    if (!SKIP_BEFORE_SENTENCE.test(char)) return false;
  }
  return true;
}

function isTrimmedLead(char: string): boolean {
  return char === '*' || char === ':' || char === '!' || char === '?';
}

function isTrimmedTail(char: string): boolean {
  return char === '.' || char === ':' || char === '!' || char === '?' || char === '*' || char === '…';
}

/** Phrase anchors, sorted and without overlaps (earlier first; on a tie, longer first). */
function findPhrases(text: string, cap: number): Span[] {
  const spans: Span[] = [];
  for (const [kind, pattern] of PHRASES) {
    const regex = new RegExp(pattern.source, pattern.flags);
    let found = 0;
    for (let match = regex.exec(text); match !== null && found < cap; match = regex.exec(text)) {
      let end = match.index + match[0].length;
      if (kind === 'url') end = trimUrlEnd(text, match.index, end);
      spans.push({ kind, start: match.index, end });
      found++;
    }
  }
  spans.sort((left, right) => left.start - right.start || right.end - left.end);
  const accepted: Span[] = [];
  let lastEnd = 0;
  for (const span of spans) {
    if (span.start < lastEnd) continue;
    accepted.push(span);
    lastEnd = span.end;
  }
  return accepted;
}

function trimUrlEnd(text: string, start: number, end: number): number {
  let opens = 0;
  for (let index = start; index < end; index++) if (text[index] === '(') opens++;
  while (end > start) {
    const char = text[end - 1]!;
    if ('.,;:!?\'"*'.includes(char)) end--;
    else if (char === ')' && opens === 0) end--;
    else if (char === ']' || char === '}') end--;
    else break;
  }
  return end;
}

function positiveInteger(value: number | undefined, fallback: number): number {
  if (value === undefined || Number.isNaN(value)) return fallback;
  return Math.max(0, Math.floor(value));
}

/**
 * Finds the logical anchors of a text: ids, numbers, paths, urls, code identifiers, names,
 * errors, negations and decisions. Extractive and deterministic; anchors come in text order and
 * never overlap. Linear in the length of the text: the scan stops once `maxAnchors` are found.
 *
 * Names are capitalised words (runs like `Ada Lovelace` become one anchor) that do not start a
 * sentence; a capitalised run at a sentence start counts when it has two or more words.
 *
 * @example
 * ```ts
 * extractAnchors('Never retry PNR 4XK9QZ; see src/book.py:42');
 * // [{ kind: 'negation', text: 'Never', index: 0 }, { kind: 'id', text: '4XK9QZ', index: 16 },
 * //  { kind: 'path', text: 'src/book.py:42', index: 28 }]
 * ```
 */
export function extractAnchors(text: string, options: ExtractAnchorsOptions = {}): Anchor[] {
  const maxAnchors = positiveInteger(options.maxAnchors, DEFAULT_MAX_ANCHORS);
  const anchors: Anchor[] = [];
  if (maxAnchors === 0 || text.length === 0) return anchors;
  const phrases = findPhrases(text, maxAnchors * 2 + 8);
  let phraseIndex = 0;
  let runStart = -1;
  let runEnd = -1;
  let runSecondStart = -1;
  let runWords = 0;
  let runFirstWord = '';

  const emit = (kind: AnchorKind, start: number, end: number): void => {
    anchors.push({ kind, text: text.slice(start, end), index: start });
  };
  const flushRun = (): void => {
    if (runWords === 0) return;
    const atStart = isSentenceStart(text, runStart);
    const stopword = NAME_STOPWORDS.has(runFirstWord.toLowerCase());
    if (runWords >= 2) emit('name', stopword ? runSecondStart : runStart, runEnd);
    else if (!atStart && !stopword) emit('name', runStart, runEnd);
    runWords = 0;
  };

  const regex = new RegExp(WORD.source, WORD.flags);
  for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
    if (anchors.length >= maxAnchors) break;
    let start = match.index;
    let end = start + match[0].length;
    while (phraseIndex < phrases.length && phrases[phraseIndex]!.end <= start) {
      const phrase = phrases[phraseIndex++]!;
      flushRun();
      emit(phrase.kind, phrase.start, phrase.end);
    }
    const phrase = phrases[phraseIndex];
    if (phrase && phrase.start < end) {
      flushRun();
      continue;
    }
    while (start < end && isTrimmedLead(text[start]!)) start++;
    while (end > start && isTrimmedTail(text[end - 1]!)) end--;
    if (start === end) continue;
    const word = text.slice(start, end);
    const separator = word.indexOf('::');
    if (separator > 0 && isPath(word.slice(0, separator))) {
      flushRun();
      emit('path', start, start + separator);
      const rest = word.slice(separator + 2);
      const kind = rest ? classifyWord(rest, false) : undefined;
      if (kind && kind !== 'name?') emit(kind, start + separator + 2, end);
      else if (rest) emit('identifier', start + separator + 2, end);
      continue;
    }
    const kind = classifyWord(word, text[end] === '(');
    if (kind === 'name?') {
      if (runWords > 0 && start === runEnd + 1 && text[runEnd] === ' ') {
        if (runWords === 1) runSecondStart = start;
        runEnd = end;
        runWords++;
      } else {
        flushRun();
        runStart = start;
        runEnd = end;
        runWords = 1;
        runFirstWord = word;
      }
      continue;
    }
    flushRun();
    if (kind) emit(kind, start, end);
  }
  flushRun();
  if (anchors.length < maxAnchors) {
    while (phraseIndex < phrases.length) {
      const phrase = phrases[phraseIndex++]!;
      emit(phrase.kind, phrase.start, phrase.end);
    }
  }
  anchors.sort((left, right) => left.index - right.index);
  if (anchors.length > maxAnchors) anchors.length = maxAnchors;
  return anchors;
}

const KEY_KINDS: ReadonlySet<AnchorKind> = new Set(['id', 'path', 'url', 'name']);

/** Parts of an identifier: split on `_ . - ::` and on lower-to-upper case changes. */
function identifierPartCount(text: string): number {
  const parts = text
    .replace(/^-+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.:-]+/)
    .filter((part) => part.length > 0);
  return parts.length;
}

function countDigits(text: string): number {
  let digits = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) digits++;
  }
  return digits;
}

function normaliseKey(anchor: Anchor): string {
  let key = anchor.text.toLowerCase();
  if (anchor.kind === 'path') key = key.replace(/:\d+(?::\d+)?$/, '').replace(/^\.\//, '');
  else if (anchor.kind === 'url') key = key.replace(/\/+$/, '');
  else if (anchor.kind === 'number') key = key.replace(/,/g, '');
  return key;
}

/**
 * The high-specificity anchors of a text, normalised to link messages that talk about the same
 * thing: ids, paths, urls, names, identifiers of two or more parts (`user_id`, `fetchUser`,
 * `os.path`) and numbers with three or more digits. Keys are lowercased; paths lose a `:line`
 * suffix and a leading `./`, urls a trailing `/`, numbers their thousands separators. Unique, in
 * order of first appearance.
 *
 * @example
 * ```ts
 * entityKeys('Booked PNR 4XK9QZ for Ada Lovelace at $1,250.00'); // ['4xk9qz', 'ada lovelace', '$1250.00']
 * ```
 */
export function entityKeys(text: string, options: EntityKeysOptions = {}): string[] {
  const maxKeys = positiveInteger(options.maxKeys, DEFAULT_MAX_ENTITY_KEYS);
  const keys: string[] = [];
  if (maxKeys === 0) return keys;
  const seen = new Set<string>();
  for (const anchor of extractAnchors(text, { maxAnchors: Math.max(DEFAULT_MAX_ANCHORS, maxKeys * 8) })) {
    const keep =
      KEY_KINDS.has(anchor.kind) ||
      (anchor.kind === 'identifier' && identifierPartCount(anchor.text) >= 2) ||
      (anchor.kind === 'number' && countDigits(anchor.text) >= 3);
    if (!keep) continue;
    const key = normaliseKey(anchor);
    if (seen.has(key)) continue;
    seen.add(key);
    keys.push(key);
    if (keys.length >= maxKeys) break;
  }
  return keys;
}
