import type { AnchorKind } from './anchor-kind.js';

const MONTH = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const ORDINAL = '(?:st|nd|rd|th)?';

/**
 * Anchors spanning several words (or characters the word scan splits on). Every pattern is
 * linear: each alternative consumes a bounded prefix before it fails. @internal
 */
export const PHRASES: ReadonlyArray<readonly [AnchorKind, RegExp]> = [
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

const HAS_DIGIT = /\d/;
const HAS_MONTH = /jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec/i;
const HAS_EXIT = /exit/i;
const HAS_HTTP = /http/i;
const HAS_STATUS = /status/i;
const HAS_NOT = / not/i;
const HAS_CONTRACTION = /n['\u2019]t/i;
const HAS_INSTEAD = /instead of/i;
/** The error phrases without their word boundaries: every match of the phrase pattern holds one. */
const HAS_ERROR_PHRASE = /not found|permission denied|access denied|timed out|no such file|segmentation fault|out of memory|connection refused/i;

/**
 * For each of {@link PHRASES}, in the same order, a test that every text the pattern matches in
 * passes (a literal part of every match, with the pattern's own case rule): a text that fails it
 * is not scanned with the pattern. Most texts hold none of these phrases, and scanning each with
 * every pattern was a large share of compressing it. `undefined`: always scanned. Each test asks
 * only for literal parts, so a text that fails it has no part that passes (`compressText` tests
 * a whole text once for all its segments). @internal
 */
export const PHRASE_PREFILTERS: ReadonlyArray<((text: string) => boolean) | undefined> = [
  (text) => text.includes('://'),
  (text) => HAS_EXIT.test(text),
  (text) => HAS_HTTP.test(text),
  (text) => HAS_STATUS.test(text),
  (text) => HAS_ERROR_PHRASE.test(text),
  (text) => HAS_NOT.test(text),
  (text) => HAS_CONTRACTION.test(text),
  (text) => HAS_INSTEAD.test(text),
  (text) => HAS_DIGIT.test(text) && HAS_MONTH.test(text),
];

/** Words the scan splits on; a comma inside a number like `1,250` is kept. @internal */
export const WORD = /(?:[^\s"'`<>{}[\](),;|=]|(?<=\d),(?=\d{3}(?!\d)))+/g;

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

/** Capitalised words that usually start a sentence rather than a name. @internal */
export const NAME_STOPWORDS: ReadonlySet<string> = new Set([
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
/** Characters that end a sentence. @internal */
export const SENTENCE_END = /[.!?…]/;
/** Characters skipped when looking back for a sentence end (blanks, quotes, brackets, bullets). @internal */
export const SKIP_BEFORE_SENTENCE = /[\s"'([{*_>#•-]/;

/**
 * True when a word looks like a file path: Windows or rooted, `file.ext[:line]`, or relative with
 * two separators or a known extension. @internal
 */
export function isPath(word: string): boolean {
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

/** Classifies one word; `'name?'` marks a capitalised word that may be a name. @internal */
export function classifyWord(word: string, followedByParen: boolean): AnchorKind | 'name?' | undefined {
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
