/**
 * True for a UTF-16 code unit that `\s` matches in a JavaScript regular expression (white space
 * and line terminators: tab, line feed, vertical tab, form feed, carriage return, space, U+00A0,
 * U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000 and U+FEFF). @internal
 */
export function isRegExpSpace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/**
 * `text.replace(/\d+/g, '#').replace(/\s+/g, ' ')` in one pass that copies only what changes
 * (a segment's template is made for every segment compressed; most have single spaces between
 * words and a few numbers). @internal
 */
export function collapseDigitsAndBlanks(text: string): string {
  let result = '';
  let copied = 0;
  for (let index = 0; index < text.length; ) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      let end = index + 1;
      while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
      result += `${text.slice(copied, index)}#`;
      copied = index = end;
    } else if (isRegExpSpace(code)) {
      let end = index + 1;
      while (end < text.length && isRegExpSpace(text.charCodeAt(end))) end++;
      if (code !== 32 || end - index > 1) {
        result += `${text.slice(copied, index)} `;
        copied = end;
      }
      index = end;
    } else index++;
  }
  return copied === 0 ? text : result + text.slice(copied);
}
