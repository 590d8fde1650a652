import { callSignature } from '../dead-ends/index.js';
import { extractTerms, hashText } from '../text/index.js';

/**
 * One leaf of a tool call's arguments (a string, number, boolean or null inside them), as the
 * near-repeat loop detector compares it: a short value or a name (an id, a path, a page number, a
 * card) must stay the same for two calls to be the same attempt; a free-text value (code, a
 * message, a query in words) may vary a little.
 */
export interface ArgumentLeaf {
  /** Where it sits in the arguments (`.command`, `.passengers.0.name`); `''` for arguments that are one value. */
  path: string;
  /** Hash of the value. */
  hash: string;
  /** Distinct terms of a free-text value (whitespace inside, at least {@link FREE_TEXT_MIN_CHARS} characters); `undefined` for a name or short value. */
  terms: readonly string[] | undefined;
}

/** Most distinct terms kept per text for near-repeat comparison (a bound on memory per message). */
export const MAX_NEAR_TERMS = 64;
/** Most argument leaves kept per call; the rest of a larger argument object is one leaf (its hash). */
export const MAX_ARGUMENT_LEAVES = 32;
/** Shortest value read as free text (with whitespace inside) rather than as a name or a value. */
export const FREE_TEXT_MIN_CHARS = 20;

const INNER_BLANK = /\S\s+\S/;
/** A token that carries a value: it has a digit (a number, an id, a date, a line range, a price). */
const VALUE_TOKEN = /[\p{L}_]*\p{N}[\p{L}\p{N}_.:/-]*/gu;

/** Distinct terms of a text, sorted (at most {@link MAX_NEAR_TERMS}). */
export function termSet(text: string): string[] {
  return [...new Set(extractTerms(text, { maxTerms: MAX_NEAR_TERMS * 4 }))].slice(0, MAX_NEAR_TERMS).sort();
}

/**
 * The value tokens of a text (those with a digit: numbers, ids, dates, prices), distinct, lower
 * case, sorted, at most {@link MAX_NEAR_TERMS}. Two replies that name different values report
 * something new; a paraphrase names the same ones (or none).
 */
export function valueTokens(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(VALUE_TOKEN)) {
    found.add(match[0].toLowerCase().replace(/[.:/-]+$/, ''));
    if (found.size >= MAX_NEAR_TERMS) break;
  }
  return [...found].sort();
}

const KEY_SEPARATORS = /[.:/,$-]+/;
const HAS_DIGIT = /\p{N}/u;

/**
 * The value keys of value tokens, as a restatement compares them: each token split at
 * punctuation (`2024-05-11` → `2024`, `05`, `11`; `24-hour` → `24`), the pieces with a digit
 * kept (an id such as `hat045` whole). A reply whose keys were all named before names no new
 * value; `24` and `24-hour` are the same value said twice.
 */
export function valueKeys(values: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const value of values) for (const piece of value.split(KEY_SEPARATORS)) if (HAS_DIGIT.test(piece)) keys.add(piece);
  return [...keys].sort();
}

/** Jaccard similarity of two sorted, distinct term lists (1 for two empty ones). */
export function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return shared / (a.length + b.length - shared);
}

/** A call's arguments sent as a JSON string, read as their value; anything else as it is. */
export function parseIfJson(args: unknown): unknown {
  if (typeof args !== 'string') return args;
  const trimmed = args.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return args;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return args;
  }
}

function leaf(path: string, value: string): ArgumentLeaf {
  const free = value.length >= FREE_TEXT_MIN_CHARS && INNER_BLANK.test(value);
  return { path, hash: hashText(value), terms: free ? termSet(value) : undefined };
}

/**
 * The leaves of a tool call's arguments, in a fixed order (object keys sorted), at most
 * {@link MAX_ARGUMENT_LEAVES}: beyond that the whole arguments' hash is one more leaf, so two
 * calls that differ past the bound still differ. Arguments sent as a JSON string are read as
 * their value.
 */
export function argumentLeaves(args: unknown): ArgumentLeaf[] {
  const leaves: ArgumentLeaf[] = [];
  let overflow = false;
  const walk = (value: unknown, path: string, depth: number): void => {
    if (overflow) return;
    if (leaves.length >= MAX_ARGUMENT_LEAVES) {
      overflow = true;
      return;
    }
    if (value !== null && typeof value === 'object' && depth < 16) {
      if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${path}.${index}`, depth + 1));
      else for (const key of Object.keys(value).sort()) walk((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
      return;
    }
    leaves.push(leaf(path, typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))));
  };
  const parsed = parseIfJson(args);
  walk(parsed, '', 0);
  // Canonical (key order does not matter), like the call's own hash.
  if (overflow) leaves.push({ path: '…', hash: hashText(callSignature('', parsed).exact), terms: undefined });
  return leaves;
}

/**
 * Whether two calls' arguments are the same attempt, trivially varied: the same leaves, every
 * name or short value equal, and the free-text values that differ alike on average (term
 * Jaccard ≥ `similarity`). Exactly equal arguments are the same attempt.
 */
export function sameAttempt(a: readonly ArgumentLeaf[], b: readonly ArgumentLeaf[], similarity: number): boolean {
  if (a.length !== b.length) return false;
  let varied = 0;
  let sum = 0;
  for (let index = 0; index < a.length; index++) {
    const left = a[index]!;
    const right = b[index]!;
    if (left.path !== right.path) return false;
    if (left.hash === right.hash) continue;
    if (!left.terms || !right.terms) return false;
    varied++;
    sum += jaccard(left.terms, right.terms);
  }
  return varied === 0 || sum / varied >= similarity;
}
