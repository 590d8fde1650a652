/** What replaces a binary span of `length` characters. */
export function binaryMarker(length: number): string {
  return `[binary data: ${length} chars]`;
}
