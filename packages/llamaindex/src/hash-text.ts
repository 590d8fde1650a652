/**
 * A fast, deterministic 64-bit string hash (two FNV-1a lanes with different offsets), as 13
 * base-36 characters. It derives stable message ids; it is not cryptographic.
 *
 * @internal
 */
export function hashText(text: string): string {
  let first = 0x811c9dc5;
  let second = 0x01000193 ^ 0x5bd1e995;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193);
    second = Math.imul(second ^ code, 0x0100019d) + (code << 5);
  }
  return (first >>> 0).toString(36).padStart(7, '0') + (second >>> 0).toString(36).padStart(7, '0');
}
