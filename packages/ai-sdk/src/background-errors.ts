/**
 * Errors of work the middleware does after a call returned (checkpoints, summaries, closing an
 * evicted session). With a handler they go to it; without one the first is kept and raised by
 * the next call (or `close()`), so no failed write is lost silently.
 *
 * @internal
 */
export class BackgroundErrors {
  private pending: unknown[] = [];

  constructor(private readonly handler: ((error: unknown) => void) | undefined) {}

  /** Records a background failure (never throws). */
  readonly report = (error: unknown): void => {
    if (this.handler) {
      try {
        this.handler(error);
        return;
      } catch (handlerError) {
        error = handlerError;
      }
    }
    // One is enough to raise; more of the same are not kept (memory stays bounded).
    if (this.pending.length === 0) this.pending.push(error);
  };

  /** Throws the first failure not raised yet, if any (and forgets it). */
  raise(): void {
    if (this.pending.length === 0) return;
    const [error] = this.pending;
    this.pending = [];
    throw error;
  }
}
