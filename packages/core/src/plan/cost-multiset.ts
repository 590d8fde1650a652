/** Whole values from 0 up to this (exclusive) are counted in a typed array rather than the map. */
const SMALL_VALUES = 1 << 14;

function isSmall(value: number): boolean {
  return value >= 0 && value < SMALL_VALUES && Number.isInteger(value);
}

/**
 * A multiset of numbers that answers its least member: counts per value, and a binary min-heap
 * of the values whose stale tops (count 0) are dropped when the least is asked for. Adding and
 * removing cost a typed-array update for whole values under 16,384 (token costs), else a map
 * update (and a heap push when a value comes back); the least is amortised
 * O(log n). The upgrade pass keeps the token costs of the steps still in its heap here, to see
 * when none of them can fit any more. @internal
 */
export class CostMultiset {
  readonly #counts = new Map<number, number>();
  /** Counts of the whole values below {@link SMALL_VALUES} (token costs mostly are), apart from the map. */
  #small = new Int32Array(64);
  #heap = new Float64Array(64);
  #length = 0;

  /** Adds one `value`. */
  add(value: number): void {
    if (isSmall(value)) {
      // Grown by doubling to the largest value met (a pass over a small log stays small).
      if (value >= this.#small.length) {
        const grown = new Int32Array(Math.min(SMALL_VALUES, Math.max(2 * this.#small.length, value + 1)));
        grown.set(this.#small);
        this.#small = grown;
      }
      if (this.#small[value]!++ === 0) this.#push(value);
      return;
    }
    const count = this.#counts.get(value) ?? 0;
    this.#counts.set(value, count + 1);
    if (count === 0) this.#push(value);
  }

  /** Removes one `value` (one that was added). */
  remove(value: number): void {
    if (isSmall(value)) {
      if (value < this.#small.length && this.#small[value]! > 0) this.#small[value]!--;
      return;
    }
    const count = this.#counts.get(value) ?? 0;
    if (count <= 1) this.#counts.delete(value);
    else this.#counts.set(value, count - 1);
  }

  /** The least value held; `Infinity` when empty. */
  least(): number {
    while (this.#length > 0 && !this.#has(this.#heap[0]!)) this.#pop();
    return this.#length > 0 ? this.#heap[0]! : Number.POSITIVE_INFINITY;
  }

  #has(value: number): boolean {
    return isSmall(value) ? value < this.#small.length && this.#small[value]! > 0 : this.#counts.has(value);
  }

  #push(value: number): void {
    if (this.#length === this.#heap.length) {
      const grown = new Float64Array(this.#heap.length * 2);
      grown.set(this.#heap);
      this.#heap = grown;
    }
    const heap = this.#heap;
    let index = this.#length++;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (heap[parent]! <= value) break;
      heap[index] = heap[parent]!;
      index = parent;
    }
    heap[index] = value;
  }

  #pop(): void {
    const heap = this.#heap;
    const last = --this.#length;
    if (last === 0) return;
    const value = heap[last]!;
    let index = 0;
    for (;;) {
      const left = index * 2 + 1;
      if (left >= last) break;
      const right = left + 1;
      const child = right < last && heap[right]! < heap[left]! ? right : left;
      if (heap[child]! >= value) break;
      heap[index] = heap[child]!;
      index = child;
    }
    heap[index] = value;
  }
}
