import type { Anchor } from './extract-anchors.js';

/** One candidate piece of a text that `compressText` may keep or drop. @internal */
export interface Segment {
  start: number;
  end: number;
  /** Line number within its region chain; segments of one line share it. */
  line: number;
  /** The segment text (a binary marker for binary spans). */
  content: string;
  binary: boolean;
  anchors: Anchor[];
  tokens: number;
  priority: number;
}

/** A segment of `[start, end)` not scored yet (no anchors, tokens or priority). @internal */
export function newSegment(start: number, end: number, line: number, content: string, binary: boolean): Segment {
  return { start, end, line, content, binary, anchors: [], tokens: 0, priority: 0 };
}

/** True for a whitespace UTF-16 code (ASCII blanks, NBSP, line/paragraph separators, BOM). @internal */
export function isWhitespaceCode(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x2028 || code === 0x2029 || code === 0xfeff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Moves `index` back off the middle of a surrogate pair. @internal */
export function safeCut(text: string, index: number): number {
  return index > 0 && index < text.length && isLowSurrogate(text.charCodeAt(index)) ? index - 1 : index;
}

/** Offset of the first non-whitespace character (the text length when all blank). @internal */
export function firstNonBlank(text: string): number {
  let index = 0;
  while (index < text.length && isWhitespaceCode(text.charCodeAt(index))) index++;
  return index;
}

/** Offset just past the last non-whitespace character (0 when all blank). @internal */
export function lastNonBlank(text: string): number {
  let index = text.length;
  while (index > 0 && isWhitespaceCode(text.charCodeAt(index - 1))) index--;
  return index;
}
