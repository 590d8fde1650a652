const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for HTML and SVG content and attribute values.
 *
 * @param text - Any text.
 * @returns The text with `& < > " '` escaped.
 *
 * @example
 * ```ts
 * escapeHtml('<b>'); // '&lt;b&gt;'
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}
