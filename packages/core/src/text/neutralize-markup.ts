/** How every cairn marker starts, e.g. `[cairn:compressed id=m12]`. */
export const CAIRN_MARKER_PREFIX = '[cairn:';

/** The escape inserted before `cairn` in an imitation of a marker. */
const ESCAPE = '\\';

/** `[cairn:` in any case, with optional blanks around `cairn`. */
const BRACKET_MARKER = /(\[[ \t]*)(cairn[ \t]*:)/gi;
/** `<cairn` and `</cairn` in any case, with optional blanks after `<` or `</`. */
const ANGLE_MARKER = /(<\/?[ \t]*)(cairn)/gi;
const MENTIONS_CAIRN = /cairn/i;

/**
 * Makes text that imitates cairn's own markers harmless, so content inside a compressed rendering
 * cannot pass for a marker. Every `[cairn:` (any case, blanks allowed around `cairn`), `<cairn`
 * and `</cairn` gets a backslash before `cairn`: `[cairn:x]` becomes `[\cairn:x]`, `</cairn>`
 * becomes `</\cairn>`. Nothing else changes. Idempotent: the escaped forms no longer match, so
 * `neutralizeMarkup(neutralizeMarkup(text)) === neutralizeMarkup(text)`. Linear time.
 *
 * @example
 * ```ts
 * neutralizeMarkup('[cairn:placeholder id=m1] <CAIRN-brief>'); // '[\\cairn:placeholder id=m1] <\\CAIRN-brief>'
 * ```
 */
export function neutralizeMarkup(text: string): string {
  if (!MENTIONS_CAIRN.test(text)) return text;
  return text.replace(BRACKET_MARKER, `$1${ESCAPE}$2`).replace(ANGLE_MARKER, `$1${ESCAPE}$2`);
}
