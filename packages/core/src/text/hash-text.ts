/**
 * A fast, deterministic 53-bit hash of a string (cyrb53), as 11 base-36 characters: what the
 * adapters derive stable message ids and session keys from when a framework gives none. Not
 * cryptographic; equal texts always give equal hashes, on every platform.
 *
 * @param text - Any string.
 * @param seed - Optional seed, for a second independent hash of the same text.
 * @returns 11 characters of `[0-9a-z]`.
 *
 * @example
 * ```ts
 * hashText('hello'); // always the same 11 characters
 * ```
 */
export function hashText(text: string, seed = 0): string {
  let first = 0xdeadbeef ^ seed;
  let second = 0x41c6ce57 ^ seed;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 2654435761);
    second = Math.imul(second ^ code, 1597334677);
  }
  first = Math.imul(first ^ (first >>> 16), 2246822507) ^ Math.imul(second ^ (second >>> 13), 3266489909);
  second = Math.imul(second ^ (second >>> 16), 2246822507) ^ Math.imul(first ^ (first >>> 13), 3266489909);
  return (4294967296 * (2097151 & second) + (first >>> 0)).toString(36).padStart(11, '0');
}
