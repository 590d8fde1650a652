/**
 * A reply's text with its id-like numbers masked (loops17): a run of four digits or more standing
 * alone — not part of a date, a time, a decimal or a dashed code (`28/02/2026`, `12:30`, `1.250`,
 * `RX-927070` stay) — becomes `#`. A reply that reads the same as the reply before it once they are
 * masked ("[case 4565] the prescription has expired…", then "[case 4568] the prescription has
 * expired…") is the same reply under a fresh ticket or case number: the number it names anew is no
 * news. Pure.
 *
 * @param text - A reply's folded text.
 * @returns The text with id-like numbers masked.
 *
 * @example
 * ```ts
 * idNumbersMasked('[case 4565] expired on 28/02/2026'); // '[case #] expired on 28/02/2026'
 * ```
 */
export function idNumbersMasked(text: string): string {
  return text.replace(ID_NUMBER, '#');
}

/** An id-like number: four digits or more, no digit, separator or dash of a date, time, decimal or code beside it. */
const ID_NUMBER = /(?<![\p{N}\p{L}.,/:\-])\p{N}{4,}(?![\p{N}\p{L}.,/:\-])/gu;
