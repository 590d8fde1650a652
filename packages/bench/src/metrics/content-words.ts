/** Words too common to say whether a text holds an answer. */
const STOPWORDS = new Set(
  (
    'a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those ' +
    'he she they we you i me my our your his her their them us do does did done has have had not no so than then there ' +
    'what which who whom when where why how about into over after before up down out off again can could would should will just also very'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The words of a text, lower-cased, split on anything that is not a letter or a digit (so
 * `CUST-48213` gives `cust` and `48213`), in order, duplicates kept.
 *
 * @param text - Any text.
 * @returns Its words.
 *
 * @example
 * ```ts
 * textWords('Rebook CUST-48213!'); // ['rebook', 'cust', '48213']
 * ```
 */
export function textWords(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/**
 * The distinct content words of a text: {@link textWords} without common function words. When a
 * text has only function words, all its distinct words are returned, so a non-empty text always
 * has content words to look for.
 *
 * @param text - An answer or a message.
 * @returns Distinct content words, in first-seen order.
 *
 * @example
 * ```ts
 * contentWords('The sunday before 25 May 2023'); // ['sunday', '25', 'may', '2023']
 * ```
 */
export function contentWords(text: string): string[] {
  const words = [...new Set(textWords(text))];
  const content = words.filter((word) => !STOPWORDS.has(word));
  return content.length > 0 ? content : words;
}

/**
 * The share of `words` found in `present`.
 *
 * @param words - Words to look for.
 * @param present - The words of the text searched.
 * @returns A share from 0 to 1; 1 when `words` is empty.
 */
export function wordCoverage(words: readonly string[], present: ReadonlySet<string>): number {
  if (words.length === 0) return 1;
  let found = 0;
  for (const word of words) if (present.has(word)) found += 1;
  return found / words.length;
}
