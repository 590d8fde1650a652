const WORD = /[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu;

/**
 * The words of a text as a lower-case word model lists them: runs of letters and digits, with an
 * English clitic kept on its word when the model has it whole.
 *
 * @param text - Any text.
 * @returns The words, in order (repeats kept).
 *
 * @example
 * ```ts
 * tokenizeWords("Caroline's LGBTQ group, 7 May"); // ["caroline's", 'lgbtq', 'group', '7', 'may']
 * ```
 */
export function tokenizeWords(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}
