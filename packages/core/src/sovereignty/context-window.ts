import { CairnError } from '../log/index.js';

/** How a {@link ContextWindow} is made: its positions, its focus and how to look at a position. */
export interface ContextWindowInit<A> {
  /** Positions are `0 … size − 1` (the session's turns); at least 1 (a window is never empty). */
  readonly size: number;
  /** The focus (clamped into range). @default size − 1 (the latest turn) */
  readonly position?: number;
  /** The value at a position (pure: called at most once per position, then remembered). */
  readonly peek: (position: number) => A;
}

/**
 * The context window as a store comonad: a focus position in a session's turns and a way to look
 * at any turn (`Store s a ≅ (s → a, s)`). `extract` reads the focus, `extend` runs a computation
 * that sees the whole window at every position, `duplicate` nests windows (each position becomes
 * a window focused there: what branching builds on), `seek` / `seeks` move the focus.
 *
 * The three comonad laws hold (checked as properties): `extract ∘ duplicate = id`,
 * `map(extract) ∘ duplicate = id`, `duplicate ∘ duplicate = map(duplicate) ∘ duplicate`.
 * Values are computed lazily and remembered per window, so `peek` and `extend`'s function should
 * be pure.
 *
 * @example
 * ```ts
 * const window = createContextWindow({ size: 3, peek: (turn) => `turn ${turn}` });
 * window.extract(); // 'turn 2'
 * window.seek(0).extract(); // 'turn 0'
 * window.extend((w) => w.position).peek(1); // 1
 * ```
 */
export class ContextWindow<A> {
  /** The focus. */
  readonly position: number;
  /** Positions are `0 … size − 1`. */
  readonly size: number;
  readonly #peek: (position: number) => A;
  readonly #memo: Map<number, A>;

  private constructor(size: number, position: number, peek: (position: number) => A, memo: Map<number, A>) {
    this.size = size;
    this.position = position;
    this.#peek = peek;
    this.#memo = memo;
  }

  /** @internal Use {@link createContextWindow}. */
  static create<A>(init: ContextWindowInit<A>): ContextWindow<A> {
    const { size, peek } = init;
    if (!Number.isSafeInteger(size) || size < 1) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `A context window needs at least one position (size ≥ 1), got ${String(size)}.`, details: { size } });
    }
    if (typeof peek !== 'function') throw new CairnError({ code: 'INVALID_OPTIONS', message: 'A context window needs peek: (position) => value.' });
    const window = new ContextWindow(size, 0, peek, new Map());
    return window.seek(init.position ?? size - 1);
  }

  /** The value at any position (clamped into range). */
  peek(position: number): A {
    const at = this.clamp(position);
    if (this.#memo.has(at)) return this.#memo.get(at)!;
    const value = this.#peek(at);
    this.#memo.set(at, value);
    return value;
  }

  /** The value at the focus. */
  extract(): A {
    return this.peek(this.position);
  }

  /** The same window focused on `position` (clamped into `0 … size − 1`; non-integers round down). */
  seek(position: number): ContextWindow<A> {
    const at = this.clamp(position);
    return at === this.position ? this : new ContextWindow(this.size, at, this.#peek, this.#memo);
  }

  /** The same window with the focus moved by a function of the focus. */
  seeks(move: (position: number) => number): ContextWindow<A> {
    return this.seek(move(this.position));
  }

  /** A window with `f` applied to every value (the functor map). */
  map<B>(f: (value: A) => B): ContextWindow<B> {
    return new ContextWindow(this.size, this.position, (position) => f(this.peek(position)), new Map());
  }

  /** A window whose value at each position is `f` of this window focused there. */
  extend<B>(f: (window: ContextWindow<A>) => B): ContextWindow<B> {
    return new ContextWindow(this.size, this.position, (position) => f(this.seek(position)), new Map());
  }

  /** A window of windows: at each position, this window focused there. */
  duplicate(): ContextWindow<ContextWindow<A>> {
    return this.extend((window) => window);
  }

  /** Every position's value, in order (forces them all). */
  values(): A[] {
    return Array.from({ length: this.size }, (_, position) => this.peek(position));
  }

  private clamp(position: number): number {
    if (typeof position !== 'number' || Number.isNaN(position)) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `A context window position must be a number, got ${String(position)}.` });
    }
    return Math.min(this.size - 1, Math.max(0, Math.floor(position)));
  }
}

/**
 * Creates a {@link ContextWindow} (the store comonad over a session's turns).
 *
 * @param init - Size, focus (default: the last position) and `peek`.
 * @throws CairnError `INVALID_OPTIONS` for a size below 1 or a `peek` that is not a function.
 */
export function createContextWindow<A>(init: ContextWindowInit<A>): ContextWindow<A> {
  return ContextWindow.create(init);
}
