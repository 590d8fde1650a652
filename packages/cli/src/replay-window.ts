import { findTurnPoints } from '@cairn/bench';
import { createContextWindow, type ContextWindow } from '@cairn/core';
import { type ReplayTurn, replayTurns, type ReplayTurnsOptions } from './replay-turns.js';

/**
 * A replay as a store comonad over its turns (`@cairn/core`'s `ContextWindow`): position `t` is
 * turn `t + 1`, and `seek(t).extract()` is the view the engine assembled at that turn, replayed
 * lazily up to it (each turn once). `undefined` for a session without turns.
 *
 * @param options - Messages, budget, counter, source (as {@link replayTurns}).
 * @returns The window, focused on the last turn.
 * @throws `CliError` (from {@link replayTurns}) when reading a turn whose messages the engine rejects.
 *
 * @example
 * ```ts
 * const window = replayWindow({ messages, budget, counter, source: file });
 * window?.seek(29).extract().result?.messages; // the view at turn 30
 * ```
 */
export function replayWindow(options: ReplayTurnsOptions): ContextWindow<ReplayTurn> | undefined {
  const size = findTurnPoints(options.messages).length;
  if (size === 0) return undefined;
  const turns = replayTurns(options);
  const seen: ReplayTurn[] = [];
  return createContextWindow({
    size,
    peek: (position) => {
      while (seen.length <= position) {
        const next = turns.next();
        if (next.done) throw new Error(`replay ended after ${seen.length} turns, before turn ${position + 1}`);
        seen.push(next.value);
      }
      return seen[position]!;
    },
  });
}
