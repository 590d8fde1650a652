import type { LoopSignal } from '../options/index.js';
import { markerField } from '../text/index.js';

/** The first line of the loop notice. */
export const LOOP_NOTICE_HEADER = '[cairn:loop]';

/**
 * The short notice a view shows while a loop is detected: what repeats and a nudge to change
 * approach. The tool name comes from the log, so it is written as a marker field (it cannot close
 * the marker, open another, or break the line). The notice never quotes the repeated text, and
 * names no message id (ids may be random per run; the notice stays the same for the same loop).
 *
 * @param loop - The detected loop.
 * @returns One or two lines of text (a few dozen tokens).
 *
 * @example
 * ```ts
 * loopNotice({ kind: 'call', count: 3, toolName: 'search', hash: 'h', lastId: 'a9' });
 * ```
 */
export function loopNotice(loop: LoopSignal): string {
  const what =
    loop.kind === 'call'
      ? `the same call to tool=${markerField((loop.toolName ?? '').slice(0, 64))} with ${loop.near ? 'nearly ' : ''}the same arguments`
      : loop.near
        ? 'the same reply in other words'
        : 'the same reply';
  return `${LOOP_NOTICE_HEADER} You have repeated ${what} ${loop.count} times recently, with the same outcome. Repeating it again will not change that: try a different approach or ask the user.`;
}
