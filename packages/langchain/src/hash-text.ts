/**
 * A fast, deterministic 53-bit string hash (cyrb53), as 11 base-36 characters. Used to derive
 * stable message ids; not cryptographic.
 *
 * @internal
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
  const value = 4294967296 * (2097151 & second) + (first >>> 0);
  return value.toString(36).padStart(11, '0');
}
