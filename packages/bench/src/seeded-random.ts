/** A deterministic pseudo-random source: the same seed always gives the same sequence. */
export interface SeededRandom {
  /** The next float in `[0, 1)`. */
  next(): number;
  /** An integer in `[min, max]`, both ends included. */
  int(min: number, max: number): number;
  /** One item of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** True with the given probability (`0` never, `1` always). */
  chance(probability: number): boolean;
  /** A shuffled copy of `items` (Fisher–Yates); the input is left as it is. */
  shuffle<T>(items: readonly T[]): T[];
}

const GOLDEN_GAMMA = 0x9e3779b9;

/**
 * Creates a small deterministic PRNG (splitmix32: a Weyl sequence scrambled by the murmur3
 * finaliser). Never uses `Math.random`; 32 bits of state, so it is for test data, not secrets.
 *
 * @param seed - Any finite number; its integer part (mod 2^32) is the initial state.
 * @returns A {@link SeededRandom}.
 * @throws RangeError when `seed` is not finite.
 *
 * @example
 * ```ts
 * const random = createSeededRandom(42);
 * random.int(1, 6); // the same roll every run
 * ```
 */
export function createSeededRandom(seed: number): SeededRandom {
  if (!Number.isFinite(seed)) {
    throw new RangeError(`Invalid argument for parameter seed: expected a finite number, got ${seed}.`);
  }
  let state = Math.trunc(seed) >>> 0;

  const next = (): number => {
    state = (state + GOLDEN_GAMMA) | 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 16), 0x85ebca6b);
    mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2ae35);
    mixed ^= mixed >>> 16;
    return (mixed >>> 0) / 4_294_967_296;
  };

  const int = (min: number, max: number): number => {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`Invalid range [${min}, ${max}]: expected integers with min <= max.`);
    }
    return min + Math.floor(next() * (max - min + 1));
  };

  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('Cannot pick from an empty array.');
      return items[int(0, items.length - 1)] as T;
    },
    chance(probability: number): boolean {
      return next() < probability;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = int(0, index);
        [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
      }
      return copy;
    },
  };
}
