import { compressText } from './compress-text.js';

/** Options for {@link compressToolArguments}. */
export interface CompressToolArgumentsOptions {
  /** Strings longer than this many characters are compressed to at most this many (from 32 up). */
  maxStringChars: number;
}

/** Arrays keep at most this many items; a note string follows when some were cut. */
export const MAX_ARGUMENT_ARRAY_ITEMS = 50;
/** Objects nested deeper than this are replaced by a note string. */
const MAX_DEPTH = 64;
const CHARS_PER_TOKEN = 4;

function countCharTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** The note that replaces the items cut from a long array. */
export function omittedItemsNote(count: number): string {
  return `… ${count} more items omitted`;
}

function compressString(text: string, maxStringChars: number): string {
  if (text.length <= maxStringChars) return text;
  const maxTokens = Math.floor(maxStringChars / CHARS_PER_TOKEN);
  return compressText(text, { maxTokens, countTokens: countCharTokens }).text;
}

function compressValue(value: unknown, key: string, maxStringChars: number, ancestors: object[]): unknown {
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON: (key: string) => unknown }).toJSON(key);
  }
  if (typeof value === 'string') return compressString(value, maxStringChars);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value !== 'object' || value === null) return value;
  if (ancestors.includes(value)) return '[circular]';
  if (ancestors.length >= MAX_DEPTH) return '[nested too deep]';
  ancestors.push(value);
  let compressed: unknown;
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    const kept = Math.min(value.length, MAX_ARGUMENT_ARRAY_ITEMS);
    for (let index = 0; index < kept; index++) {
      const item = compressValue(value[index], String(index), maxStringChars, ancestors);
      items.push(item === undefined ? null : item);
    }
    if (value.length > kept) items.push(omittedItemsNote(value.length - kept));
    compressed = items;
  } else {
    const entries: [string, unknown][] = [];
    for (const entryKey of Object.keys(value)) {
      entries.push([entryKey, compressValue((value as Record<string, unknown>)[entryKey], entryKey, maxStringChars, ancestors)]);
    }
    compressed = Object.fromEntries(entries);
  }
  ancestors.pop();
  return compressed;
}

/**
 * Shortens the long strings of tool-call arguments so a compressed tool call stays valid JSON
 * for providers. The result has the same shape: the same keys in the same order and the same
 * array items, except that arrays longer than {@link MAX_ARGUMENT_ARRAY_ITEMS} keep their first
 * 50 items followed by one note string ({@link omittedItemsNote}). Strings longer than
 * `maxStringChars` are compressed with {@link compressText} (chars/4 tokens), keeping their
 * anchors. Values JSON cannot hold are mapped as `JSON.stringify` would see them (`toJSON` is
 * applied, functions and symbols become `undefined`, `null` inside arrays); bigints become
 * decimal strings and cycles the string `[circular]`, so the result always serialises.
 * Deterministic; the input is not modified.
 *
 * @example
 * ```ts
 * compressToolArguments({ path: 'a.py', content: longSource }, { maxStringChars: 400 });
 * // { path: 'a.py', content: 'def main():\n…\nraise ValueError("bad id 42")' }
 * ```
 */
export function compressToolArguments(value: unknown, options: CompressToolArgumentsOptions): unknown {
  const maxStringChars = Number.isNaN(options.maxStringChars) ? 0 : Math.max(0, Math.floor(options.maxStringChars));
  return compressValue(value, '', maxStringChars, []);
}
