import { contentWords, textWords, wordCoverage } from './content-words.js';

/**
 * Answer recall of one probe: the share of the answer's content words present anywhere in the
 * view's text (words compared lower-cased, split on non-alphanumerics).
 *
 * @param answer - The probe's expected answer.
 * @param text - The view's text ({@link viewText}).
 * @returns A share from 0 to 1.
 *
 * @example
 * ```ts
 * answerRecall('7 May 2023', 'We met on 7 May.'); // 2/3
 * ```
 */
export function answerRecall(answer: string, text: string): number {
  return wordCoverage(contentWords(answer), new Set(textWords(text)));
}
