/** A half-open range `[start, end)` of UTF-16 offsets in a text. */
export interface TextSpan {
  start: number;
  end: number;
}

/** Base64 and hex runs at least this long count as binary blobs. */
export const MIN_BLOB_CHARS = 200;

/** Binary characters (control characters, U+FFFD) at most this far apart join one span. */
const MAX_CONTROL_GAP = 8;
/** A cluster of binary characters counts as a span when it has at least this many. */
const MIN_CONTROL_CHARS = 4;

/**
 * True for a control character other than tab, newline and carriage return (C0, DEL, C1), or
 * U+FFFD (what a decoder writes for invalid bytes). An ESC that opens an ANSI colour sequence
 * (`ESC [`) is text, not binary: terminals and CI logs are full of them.
 */
function isBinaryCharacter(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code === 0x1b) return text.charCodeAt(index + 1) !== 0x5b;
  if (code < 32) return code !== 9 && code !== 10 && code !== 13;
  return (code >= 0x7f && code <= 0x9f) || code === 0xfffd;
}

function isBase64Character(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 43 ||
    code === 47 ||
    code === 61 ||
    code === 45 ||
    code === 95
  );
}

interface RunStatistics {
  upper: number;
  lower: number;
  digits: number;
  /** `/`, `-` and `_`: frequent in paths and identifiers, rare in base64. */
  separators: number;
  nonHex: number;
}

/**
 * A run of base64 characters is a blob when it looks random. Hex: at least 1/8 digits and 1/8
 * letters. Base64: at least 1/8 upper case, 1/8 lower case, 1/32 digits and at most 1/16
 * separators, so long paths, snake_case names and words do not count.
 */
function isBlob(length: number, stats: RunStatistics): boolean {
  if (length < MIN_BLOB_CHARS) return false;
  if (stats.nonHex === 0) return stats.digits * 8 >= length && (stats.upper + stats.lower) * 8 >= length;
  return stats.upper * 8 >= length && stats.lower * 8 >= length && stats.digits * 32 >= length && stats.separators * 16 <= length;
}

function mergeSpans(spans: TextSpan[]): TextSpan[] {
  spans.sort((left, right) => left.start - right.start);
  const merged: TextSpan[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ start: span.start, end: span.end });
  }
  return merged;
}

/**
 * Finds the spans of a text that are binary data rather than prose or code: base64 or hex runs
 * of at least {@link MIN_BLOB_CHARS} characters that look random, and clusters of control
 * characters or U+FFFD (at least 4, each within 8 characters of the next). Sorted, without
 * overlaps, in one linear pass.
 *
 * @example
 * ```ts
 * findBinarySpans(`data:image/png;base64,${'iVBORw0KGgo'.repeat(40)}`); // [{ start: 22, end: 462 }]
 * ```
 */
export function findBinarySpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  // The run's statistics ({@link RunStatistics}) as plain numbers: a run starts at nearly every
  // word, and an object per run was most of this scan's cost.
  let runStart = -1;
  let upper = 0;
  let lower = 0;
  let digits = 0;
  let separators = 0;
  let nonHex = 0;
  let clusterStart = -1;
  let clusterEnd = -1;
  let clusterCount = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (isBase64Character(code)) {
      if (runStart < 0) {
        runStart = index;
        upper = lower = digits = separators = nonHex = 0;
      }
      if (code >= 48 && code <= 57) digits++;
      else if (code >= 65 && code <= 90) {
        upper++;
        if (code > 70) nonHex++;
      } else if (code >= 97 && code <= 122) {
        lower++;
        if (code > 102) nonHex++;
      } else {
        if (code === 47 || code === 45 || code === 95) separators++;
        nonHex++;
      }
    } else if (runStart >= 0) {
      if (index - runStart >= MIN_BLOB_CHARS && isBlob(index - runStart, { upper, lower, digits, separators, nonHex })) spans.push({ start: runStart, end: index });
      runStart = -1;
    }
    // Printable ASCII (most of any text) is never binary.
    if ((code < 32 || code > 126) && isBinaryCharacter(text, index)) {
      if (clusterCount > 0 && index - clusterEnd > MAX_CONTROL_GAP) {
        if (clusterCount >= MIN_CONTROL_CHARS) spans.push({ start: clusterStart, end: clusterEnd });
        clusterCount = 0;
      }
      if (clusterCount === 0) clusterStart = index;
      clusterEnd = index + 1;
      clusterCount++;
    }
  }
  if (runStart >= 0 && isBlob(text.length - runStart, { upper, lower, digits, separators, nonHex })) spans.push({ start: runStart, end: text.length });
  if (clusterCount >= MIN_CONTROL_CHARS) spans.push({ start: clusterStart, end: clusterEnd });
  return spans.length === 0 ? spans : mergeSpans(spans);
}

/**
 * True when a text is mostly binary data: at least 10% of its characters are control characters
 * or U+FFFD, or more than half of it lies in the spans {@link findBinarySpans} finds. The empty
 * text is not binary.
 *
 * @example
 * ```ts
 * looksBinary('hello world'); // false
 * looksBinary('\u0000\u0001PNG\u0002\u0003\ufffd\ufffd'); // true
 * ```
 */
export function looksBinary(text: string): boolean {
  if (text.length === 0) return false;
  let binaryCharacters = 0;
  for (let index = 0; index < text.length; index++) if (isBinaryCharacter(text, index)) binaryCharacters++;
  if (binaryCharacters * 10 >= text.length) return true;
  let spanned = 0;
  for (const span of findBinarySpans(text)) spanned += span.end - span.start;
  return spanned * 2 > text.length;
}
