import type { CallObservation } from './assistant-turn-hashes.js';
import { MIN_OUTPUT_TERMS } from './detect-restatement-loop.js';
import { samePlace, type SAME_PLACE_DISTANCE } from './changed-again.js';

/** One long outcome reached again: in how many turns, through which tools, and where it last counted. */
export interface StateReached {
  count: number;
  at: number;
  lastId: string;
  /** The outcome (masked result hash). */
  hash: string;
  toolName: string;
  /** The tools whose calls reached it, each with the places (argument numbers) it asked for. */
  tools: Map<string, (readonly number[])[]>;
  /** One tool reached it asking for two places apart (`goto 59`, `goto 86`): the answer does not depend on the place (a short file shown whole). */
  placeless: boolean;
}

/**
 * The same long outcome reached again through other calls (loops16): one record (at least
 * `MIN_OUTPUT_TERMS` terms, compared with its volatile tokens masked: a fresh query id is no news)
 * read back by calls of at least two tools — an account opened by its tax number, then found by
 * name, then by address; a file window reached by `goto`, then by scrolling back — wherever in the
 * window, with other reads between. Several tools reaching one state tell nothing the first did
 * not. An answer one tool gave asking for two places apart (`goto 59`, `goto 86`, or `open f 50`,
 * `open f 78`, beyond {@link SAME_PLACE_DISTANCE} — a file short enough to be shown whole) does not
 * depend on the place asked for: reaching it again is no return to one place, and it is not counted. The owner drops the record on a change
 * of state or a user's turn.
 */
export class SameStateReached {
  private readonly seen = new Map<string, StateReached>();

  /**
   * Counts one answered read.
   *
   * @param call - The call.
   * @param outcome - Its outcome (masked result hash).
   * @returns Its record once two tools or more reached it (`count`: the turns that did); `undefined` otherwise.
   */
  see(call: CallObservation, outcome: string, at: number, id: string): StateReached | undefined {
    if (call.resultTerms.length < MIN_OUTPUT_TERMS) return undefined;
    let known = this.seen.get(outcome);
    if (known === undefined) {
      known = { count: 0, at: -1, lastId: id, hash: outcome, toolName: call.toolName, tools: new Map(), placeless: false };
      this.seen.set(outcome, known);
    }
    const places = call.argumentNumbers ?? [];
    const asked = known.tools.get(call.toolName) ?? [];
    if (!asked.every((place) => samePlace(place, places))) known.placeless = true;
    known.tools.set(call.toolName, [...asked, places]);
    if (known.at !== at) {
      known.count++;
      known.at = at;
      known.lastId = id;
      known.toolName = call.toolName;
    }
    return known.tools.size >= 2 && !known.placeless ? known : undefined;
  }

  /** Drops every record (a change of state, a user's turn: what follows may find the state otherwise). */
  clear(): void {
    this.seen.clear();
  }
}
