import type { CallObservation } from './assistant-turn-hashes.js';

/** Whether two calls of one tool change the same thing: some argument (the same path) has the same value in both. */
function sameTarget(a: CallObservation, b: CallObservation): boolean {
  if (a.toolName !== b.toolName) return false;
  return a.argumentLeaves.some((leaf) => b.argumentLeaves.some((other) => other.path === leaf.path && other.hash === leaf.hash));
}

/** One change call of a cycle: how often it was made and where last. */
interface CycleEntry {
  count: number;
  lastId: string;
}

/**
 * Changes of state that set one thing back and forth (A, B, A, B…): a change repeating a call
 * made earlier in the window, right after another change of the same tool to the same target (an
 * argument with the same value in both — the same reservation, the same record), returns the
 * state to one it was in before: no progress, however each write's result reads. A user's turn
 * starts afresh (a user who asks for each toggle directs it). A repeated call after a change of
 * another tool or target (an install after each edit) is not a return.
 */
export class ChangeCycles {
  private readonly made = new Map<string, CycleEntry>();
  private last: CallObservation | undefined;

  /**
   * Counts a successful change.
   *
   * @returns How often the call has now been made in the cycle when it returns the state to one
   *   set before, otherwise `undefined` (a new change).
   */
  see(call: CallObservation, id: string): number | undefined {
    const entry = this.made.get(call.callHash);
    const previous = this.last;
    this.last = call;
    const returns = entry !== undefined && previous !== undefined && previous.callHash !== call.callHash && sameTarget(previous, call);
    if (!returns) {
      if (entry === undefined) this.made.set(call.callHash, { count: 1, lastId: id });
      return undefined;
    }
    entry.count++;
    entry.lastId = id;
    return entry.count;
  }

  /** Forgets the cycle (the user spoke). */
  clear(): void {
    this.made.clear();
    this.last = undefined;
  }
}
