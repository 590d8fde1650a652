import type { CallObservation } from './assistant-turn-hashes.js';
import { MIN_OUTPUT_TERMS } from './detect-restatement-loop.js';

/** One call made again and answered alike: how often, and where it last counted. */
export interface SteadyRepeat {
  count: number;
  /** Position of the turn that last counted (a turn counts once). */
  at: number;
  lastId: string;
  hash: string;
  toolName: string;
}

/**
 * Whether a successful change is silent: it answered nothing (no term in its result) and its
 * arguments name nothing (no number, no id, path or value — free text only, a note written to
 * oneself). Such a call leaves no trace a later call could read: it is no change of state, and the
 * identical call made around it is made again with nothing changed.
 */
export function silentChange(call: CallObservation): boolean {
  return call.changed && call.resultTerms.length === 0 && (call.argumentNumbers ?? []).length === 0 && (call.subjectNames ?? []).length === 0;
}

/**
 * What makes a successful change the same as another: its call and outcome; or, when the outcome
 * is long enough to tell (at least `MIN_OUTPUT_TERMS` terms), its tool, the numbers its arguments
 * name (lines, ids, codes: the same place) and its outcome — a change worded otherwise, at the
 * same place, that the world answers with the very same report as an earlier one (a step
 * delegated again in other words, the same build error reported back) is the same change made
 * again; an edit of another line that happens to show the same window is not.
 */
export function changeKey(call: CallObservation, outcome: string): string {
  return call.resultTerms.length >= MIN_OUTPUT_TERMS ? `${call.toolName}\u0000${(call.argumentNumbers ?? []).join(',')}\u0000${outcome}` : `${call.callHash}:${outcome}`;
}

/**
 * The exact repeats of the exact detector read with volatile tokens masked: the same call (name
 * and arguments) answered with the same outcome (`steadyHash`: a fresh trace id, request id or
 * clock reading is no news), however short the answer, whether it failed, read or changed state —
 * an identical change answered alike again is the same attempt made again (see {@link changeKey}). Nothing between the
 * tries tells whether they stall; the owner drops the record on a new change of state.
 */
export class SteadyRepeats {
  private readonly seen = new Map<string, SteadyRepeat>();

  /**
   * Counts one answered call.
   *
   * @param key - What makes it the same as another: its call and outcome, or {@link changeKey} for a change.
   * @returns Its record; `count` the turns in which it came with this outcome since the record was last dropped.
   */
  see(key: string, call: CallObservation, at: number, id: string): SteadyRepeat {
    const known = this.seen.get(key);
    if (known === undefined) {
      const fresh: SteadyRepeat = { count: 1, at, lastId: id, hash: call.callHash, toolName: call.toolName };
      this.seen.set(key, fresh);
      return fresh;
    }
    if (known.at !== at) {
      known.count++;
      known.at = at;
      known.lastId = id;
    }
    return known;
  }
}
