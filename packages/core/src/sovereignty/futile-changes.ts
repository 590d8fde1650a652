import type { CallObservation } from './assistant-turn-hashes.js';

/** One change call made again and again: how often in a row it was followed by nothing new. */
export interface FutileChange {
  /** Times made, the first included, each after the first followed by no news. */
  count: number;
  lastId: string;
  toolName: string;
  hash: string;
}

/**
 * The same change (the identical call: name and arguments) made again and again, each time
 * followed by an observation that brought nothing new: a refund re-queued under a new job id
 * whose status call fails for the same reason, a write re-sent that a read then shows as before.
 * A change whose next observation brings news made a difference and starts its count afresh; a
 * change of another call between leaves the count (an install after each edit is another
 * thing). The owner clears it when the user speaks (a user who asks for a retry directs it).
 */
export class FutileChanges {
  private readonly changes = new Map<string, FutileChange>();
  /** The change made last, not yet judged by an observation. */
  private pending: { call: CallObservation; id: string } | undefined;

  /** Records a successful change; it is judged by the next observation. */
  made(call: CallObservation, id: string): void {
    this.pending = { call, id };
  }

  /**
   * Judges the change made last by the observation that follows it.
   *
   * @param news - The observation brought something the window did not hold.
   * @returns The change's record when it was made again and changed nothing; otherwise `undefined`.
   */
  judge(news: boolean): FutileChange | undefined {
    const pending = this.pending;
    if (pending === undefined) return undefined;
    this.pending = undefined;
    const known = this.changes.get(pending.call.callHash);
    if (news || known === undefined) {
      this.changes.set(pending.call.callHash, { count: 1, lastId: pending.id, toolName: pending.call.toolName, hash: pending.call.callHash });
      return undefined;
    }
    known.count++;
    known.lastId = pending.id;
    return known;
  }

  /** Forgets every change (the user spoke). */
  clear(): void {
    this.changes.clear();
    this.pending = undefined;
  }
}
