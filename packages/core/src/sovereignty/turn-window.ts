import type { CairnMessage } from '../log/index.js';
import { createContextWindow, type ContextWindow } from './context-window.js';

/** One turn of a session, as a {@link ContextWindow} over the log shows it. */
export interface TurnSlice {
  /** The turn's position (0-based). */
  readonly turn: number;
  /** Log positions `[start, end)` of the turn's messages. */
  readonly start: number;
  readonly end: number;
  /** The turn's messages: a user message and what answered it (the first turn also holds what came before it). */
  readonly messages: readonly CairnMessage[];
  /** The whole log as of the end of this turn (the history a view of that turn is built from). */
  readonly history: readonly CairnMessage[];
}

/** Log positions where turns start: the first message, then every user message after it. */
export function turnStarts(messages: readonly CairnMessage[]): number[] {
  const starts: number[] = [0];
  let seenUser = false;
  for (let position = 0; position < messages.length; position++) {
    if (messages[position]!.role !== 'user') continue;
    if (seenUser) starts.push(position);
    seenUser = true;
  }
  return starts;
}

/**
 * The session's turns as a store comonad: position `t` is turn `t` (a user message and everything
 * until the next one), focused on the latest turn. `seek(t).extract().history` is the log as of
 * turn `t`. An empty log gives one empty turn (a window is never empty).
 *
 * @example
 * ```ts
 * const window = turnWindow(engine.getMessages());
 * window.seek(0).extract().messages; // the first turn
 * ```
 */
export function turnWindow(messages: readonly CairnMessage[]): ContextWindow<TurnSlice> {
  const starts = turnStarts(messages);
  return createContextWindow({
    size: starts.length,
    peek: (turn) => {
      const start = starts[turn]!;
      const end = starts[turn + 1] ?? messages.length;
      return Object.freeze({ turn, start, end, messages: messages.slice(start, end), history: messages.slice(0, end) });
    },
  });
}
