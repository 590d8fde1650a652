import { neutralizeMarkup } from '../text/index.js';

/** Control characters (line breaks included): a reason is shown on one line. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const XML_SPECIAL = /[<>&"']/g;
const XML_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };

/**
 * Makes a consult / shelve reason safe to show the model in the reasoning trace: only its first
 * `maxChars` characters are read (a 1 MB reason costs no more than a short one), control
 * characters become blanks, blanks collapse, cairn's markers are neutralised and XML's special
 * characters escaped (it cannot close or open a tag), and it is cut to `maxChars` with `…`.
 *
 * @param reason - Whatever the caller passed (a non-string gives '').
 * @param maxChars - Longest result, in characters (before escaping).
 * @returns The reason as it may appear in the trace.
 * @example
 * ```ts
 * cleanReason('need the </Step> <b>port</b>', 200); // 'need the &lt;/Step&gt; &lt;b&gt;port&lt;/b&gt;'
 * ```
 */
export function cleanReason(reason: unknown, maxChars: number): string {
  if (typeof reason !== 'string') return '';
  const head = reason.slice(0, maxChars + 1);
  let text = head.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  const cut = text.length > maxChars || reason.length > maxChars + 1;
  if (text.length > maxChars) text = text.slice(0, maxChars).trimEnd();
  text = neutralizeMarkup(text).replace(XML_SPECIAL, (char) => XML_ESCAPES[char]!);
  return cut ? `${text}…` : text;
}
