import { parseIfJson } from './near-repeat-features.js';

/** Longest argument value read as a name that may be spelled another way (`CKT-3`, `ckt 3`); longer values are text. */
export const MAX_SPELLED_NAME_CHARS = 32;

/** A name: letters and digits in runs, joined by at most one separator (`-`, `_`, `.`, `/`, `:`, `#` or a blank) each. */
const NAME_SHAPE = /^[\p{L}\p{N}]+(?:[-_ ./:#]?[\p{L}\p{N}]+)*$/u;
const HAS_DIGIT = /\p{N}/u;
const RUNS = /\p{L}+|\p{N}+/gu;
const DIGITS = /^\p{N}+$/u;

/**
 * One spelling of a name that names something with a number (`CKT-3`, `ckt3`, `CKT 3`, `ckt_03`):
 * lower case, separators dropped, leading zeros of each numeric part dropped — the same target
 * written another way. Two numeric parts stay apart (`A-1-2` is `a1.2`, `A-12` is `a12`), and
 * digits are never dropped or reordered, so `T1` and `T10`, `A-12` and `A-21` stay different.
 * A value that is not such a name (no digit, longer than {@link MAX_SPELLED_NAME_CHARS}, or
 * other characters: code, a sentence, a path with an extension is kept if it is one) is
 * returned unchanged. Idempotent.
 *
 * @example
 * ```ts
 * targetSpelling('CKT-3') === targetSpelling('ckt 3'); // true
 * targetSpelling('T1') === targetSpelling('T10'); // false
 * ```
 */
export function targetSpelling(value: string): string {
  const text = value.normalize('NFKC').trim();
  if (text.length === 0 || text.length > MAX_SPELLED_NAME_CHARS || !HAS_DIGIT.test(text) || !NAME_SHAPE.test(text)) return value;
  let spelled = '';
  let numeric = false;
  for (const match of text.toLowerCase().matchAll(RUNS)) {
    const run = match[0];
    const digits = DIGITS.test(run);
    if (digits && numeric) spelled += '.';
    spelled += digits ? run.replace(/^0+(?=\p{N})/u, '') : run;
    numeric = digits;
  }
  return spelled;
}

/** An argument key without its spelling: lower case, separators and a trailing `id` dropped (`tank_id`, `tankId`, `Tank` are `tank`). */
function keySpelling(key: string): string {
  const bare = key.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return bare.length > 2 ? bare.replace(/ids?$/u, '') : bare;
}

function spelled(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return targetSpelling(value);
  if (value === null || typeof value !== 'object' || depth >= 16) return value;
  if (Array.isArray(value)) return value.map((item) => spelled(item, depth + 1));
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => [keySpelling(key), spelled(item, depth + 1)] as const);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries;
}

/**
 * A call's signature with every name in its arguments spelled one way ({@link targetSpelling})
 * and every key too (`tank` and `tank_id` alike): two calls with equal signatures ask the same
 * tool about the same targets, however each target was written (loops18). Values that are not
 * such names (text, code, numbers) count verbatim.
 *
 * @returns `name` and the respelled arguments as JSON.
 */
export function targetSignature(name: string, args: unknown): string {
  return `${name} ${JSON.stringify(spelled(parseIfJson(args), 0)) ?? ''}`;
}
