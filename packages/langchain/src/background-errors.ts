import type { BackgroundErrorHandler } from './cairn-session-options.js';

/**
 * Failures of writes nobody awaits (background checkpoints, the save of an evicted session).
 * With a handler, each is passed to it; without one, each is kept and thrown by the next call
 * of its session (`raise`), so none is lost silently. At most `limit` sessions keep an error;
 * past that the oldest ones are thrown by the next calls of any session (and
 * failures past twice `limit` are counted in the message of the next one).
 *
 * @internal
 */
export class BackgroundErrors {
  readonly #handler: BackgroundErrorHandler | undefined;
  readonly #limit: number;
  readonly #pending = new Map<string, unknown>();
  readonly #overflow: unknown[] = [];
  /** Failures past the overflow's own limit: counted, and named by the next overflow thrown. */
  #uncounted = 0;

  constructor(handler: BackgroundErrorHandler | undefined, limit: number) {
    this.#handler = handler;
    this.#limit = limit;
  }

  /** Records the failure of a background write of `sessionId`. */
  report(sessionId: string, error: unknown): void {
    if (this.#handler) {
      try {
        this.#handler(error, { sessionId });
        return;
      } catch (handlerError) {
        error = new AggregateError([error, handlerError], `A background write of session "${sessionId}" failed, and so did onBackgroundError.`);
      }
    }
    if (this.#pending.has(sessionId)) return; // the first failure is the one to see; later ones repeat it
    this.#pending.set(sessionId, error);
    if (this.#pending.size > this.#limit) {
      const [oldest, oldestError] = this.#pending.entries().next().value as [string, unknown];
      this.#pending.delete(oldest);
      if (this.#overflow.length < this.#limit) this.#overflow.push(oldestError);
      else this.#uncounted++;
    }
  }

  /** Throws the failure kept for `sessionId` (or one no session could keep), once. */
  raise(sessionId: string): void {
    if (this.#overflow.length > 0) {
      const overflow = this.#overflow.shift();
      if (this.#uncounted === 0) throw overflow;
      const more = this.#uncounted;
      this.#uncounted = 0;
      throw new AggregateError([overflow], `A background write failed, and ${more} more failed since (too many sessions to keep each). Set onBackgroundError to see every one.`);
    }
    if (!this.#pending.has(sessionId)) return;
    const error = this.#pending.get(sessionId);
    this.#pending.delete(sessionId);
    throw error;
  }

  /** Forgets the failure kept for `sessionId` (its session was deleted). */
  forget(sessionId: string): void {
    this.#pending.delete(sessionId);
  }
}
