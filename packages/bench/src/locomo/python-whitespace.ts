/**
 * The characters Python 3's `str.isspace()` (and `\s` in a `str` pattern) accept, as the body of a
 * regular-expression character class. JavaScript's `\s` differs: it has U+FEFF and lacks
 * U+001C–U+001F and U+0085, so the LoCoMo converter uses this class to split and strip text
 * exactly as the reference Python converter did.
 *
 * @internal
 */
export const PYTHON_WHITESPACE = '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

const STRIP = new RegExp(`^[${PYTHON_WHITESPACE}]+|[${PYTHON_WHITESPACE}]+$`, 'g');

/**
 * Python's `str.strip()` with no argument: removes leading and trailing Python whitespace.
 *
 * @internal
 */
export function pythonStrip(text: string): string {
  return text.replace(STRIP, '');
}
