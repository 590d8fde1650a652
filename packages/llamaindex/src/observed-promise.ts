/**
 * A promise that knows whether anyone has subscribed to it (`await`, `then`, `catch`,
 * `finally`): a write whose promise nobody observed when it failed must be reported elsewhere.
 * Promises derived from it (`then`'s result) are plain promises.
 *
 * @internal
 */
export class ObservedPromise<T> extends Promise<T> {
  private subscribed = false;

  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  /** True once a caller subscribed. */
  get observed(): boolean {
    return this.subscribed;
  }

  override then<TResult1 = T, TResult2 = never>(
    onfulfilled?: ((value: T) => TResult1 | PromiseLike<TResult1>) | null,
    onrejected?: ((reason: unknown) => TResult2 | PromiseLike<TResult2>) | null,
  ): Promise<TResult1 | TResult2> {
    this.subscribed = true;
    return super.then(onfulfilled, onrejected);
  }

  /** Marks a rejection as handled without counting as a subscriber (no unhandled-rejection event). */
  silence(): this {
    Promise.prototype.then.call(this, undefined, () => undefined);
    return this;
  }
}
