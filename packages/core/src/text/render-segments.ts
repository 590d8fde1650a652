import { firstNonBlank, isWhitespaceCode, lastNonBlank, type Segment } from './segment.js';

/** Where segments were skipped inside a line. */
export const INLINE_GAP_MARKER = ' … ';
/** Where whole lines were skipped. */
export const LINE_GAP_MARKER = '\n…\n';

/** True when only a short run of whitespace lies between two segments. */
function contiguous(text: string, left: Segment, right: Segment): boolean {
  if (right.start - left.end > 64) return false;
  for (let index = left.end; index < right.start; index++) {
    if (!isWhitespaceCode(text.charCodeAt(index))) return false;
  }
  return true;
}

function separatorBetween(text: string, left: Segment, right: Segment): string {
  const separator = text.slice(left.end, right.start);
  if (separator.includes('\n')) return '\n';
  return separator.length <= 8 ? separator : ' ';
}

/**
 * Renders the kept segments in original order, with gap markers where segments were skipped.
 * `kept[index]` is what to emit for `segments[index]` (its content or a cut of it), or undefined
 * to skip it. @internal
 */
export function renderSegments(text: string, segments: readonly Segment[], kept: readonly (string | undefined)[]): string {
  let output = '';
  let previous = -1;
  for (let index = 0; index < segments.length; index++) {
    const piece = kept[index];
    if (piece === undefined) continue;
    const segment = segments[index]!;
    if (previous < 0) {
      if ((index > 0 || firstNonBlank(text) < segment.start) && !piece.startsWith('…')) {
        const before = segments[index - 1];
        output += before && before.line === segment.line ? '… ' : '…\n';
      }
    } else {
      const last = segments[previous]!;
      const sameLine = last.line === segment.line;
      if (previous === index - 1 && contiguous(text, last, segment)) output += separatorBetween(text, last, segment);
      else if (output.endsWith('…') || piece.startsWith('…')) output += sameLine ? ' ' : '\n';
      else output += sameLine ? INLINE_GAP_MARKER : LINE_GAP_MARKER;
    }
    output += piece;
    previous = index;
  }
  if (previous >= 0) {
    const last = segments[previous]!;
    if ((previous < segments.length - 1 || last.end < lastNonBlank(text)) && !output.endsWith('…')) {
      const after = segments[previous + 1];
      output += after && after.line === last.line ? ' …' : '\n…';
    }
  }
  return output;
}
