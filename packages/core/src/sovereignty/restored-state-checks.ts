import type { CallObservation } from './assistant-turn-hashes.js';
import { changedAgain } from './changed-again.js';

/** A check made again while the changes at one place only go back and forth: how often, and where last. */
export interface RestoredCheck {
  count: number;
  hash: string;
  lastId: string;
  toolName: string;
}

/**
 * The same check re-run while the changes between its runs only set one place back to a state it
 * was in (loops17): a line switched off, the script run, the line switched back on, the script
 * run, the line switched off again… A change that makes again a change made earlier at the same
 * place and answered alike, after another change there (A, B, A — each edit undoing the one before), restores an
 * earlier state: no progress, so every run of an identical check since the first change at that
 * place counts as the same check made again. A change of another tool, or at another place (`changedAgain` says no:
 * another line, other wording), starts afresh, and so does a user's turn. Changes
 * that only ever move on (a real fix after each failing run) never return, so their checks never
 * count here.
 */
export class RestoredStateChecks {
  /** The latest change: where the changes under way are made. */
  #last: CallObservation | undefined;
  /** The changes made at that place so far (call and outcome hashes). */
  readonly #made = new Set<string>();
  /** A change returned the place to a state it was in. */
  #returned = false;
  /** Each identical check (call hash) made since the first change at that place. */
  readonly #checks = new Map<string, RestoredCheck>();

  /** Records a successful change of state. */
  change(call: CallObservation): void {
    // The same change answered alike sets the same state; answered otherwise (`git bisect good`
    // moving on to the next revision) it moved somewhere new.
    const state = `${call.callHash}:${call.steadyHash ?? call.resultHash}`;
    if (this.#last !== undefined && this.#last.toolName === call.toolName && changedAgain(this.#last, call)) {
      if (this.#made.has(state) && call.callHash !== this.#last.callHash) this.#returned = true;
    } else {
      this.#made.clear();
      this.#checks.clear();
      this.#returned = false;
    }
    this.#made.add(state);
    this.#last = call;
  }

  /**
   * Records a call that changed nothing (a check).
   *
   * @returns Its runs since the first change at the place, once a change there restored an earlier state; otherwise `undefined`.
   */
  check(call: CallObservation, id: string): RestoredCheck | undefined {
    if (this.#last === undefined) return undefined;
    const entry = this.#checks.get(call.callHash) ?? { count: 0, hash: call.callHash, lastId: id, toolName: call.toolName };
    entry.count++;
    entry.lastId = id;
    this.#checks.set(call.callHash, entry);
    return this.#returned ? { ...entry } : undefined;
  }

  /** Forgets everything (the user spoke: a toggle asked for is no loop). */
  clear(): void {
    this.#last = undefined;
    this.#made.clear();
    this.#checks.clear();
    this.#returned = false;
  }
}
