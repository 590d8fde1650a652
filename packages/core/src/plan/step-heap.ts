import type { Fidelity } from '../log/index.js';

const FIDELITY_CODE: Record<Fidelity, number> = { placeholder: 0, compressed: 1, full: 2 };
const CODE_FIDELITY: readonly Fidelity[] = ['placeholder', 'compressed', 'full'];

/**
 * A binary max-heap of fitting steps (a unit, the fidelity it would move to, the tokens the move
 * saves) by a numeric key, ties broken by the lower unit — the order of {@link MaxHeap} over
 * `{ key, id }`, kept in parallel typed arrays so that a pass over a large log allocates one
 * object per heap, not one per step. The fitting passes push several steps per unit and pop
 * until the plan fits, so this is most of their cost. @internal
 */
export class StepHeap {
  private keys: Float64Array;
  private ids: Int32Array;
  private tos: Uint8Array;
  private saves: Float64Array;
  private length = 0;
  /** The step {@link pop} took last. */
  id = -1;
  to: Fidelity = 'placeholder';
  saved = 0;
  key = 0;

  constructor(capacity = 64) {
    const size = Math.max(4, capacity);
    this.keys = new Float64Array(size);
    this.ids = new Int32Array(size);
    this.tos = new Uint8Array(size);
    this.saves = new Float64Array(size);
  }

  get size(): number {
    return this.length;
  }

  private grow(): void {
    const size = this.keys.length * 2;
    const keys = new Float64Array(size);
    keys.set(this.keys);
    const ids = new Int32Array(size);
    ids.set(this.ids);
    const tos = new Uint8Array(size);
    tos.set(this.tos);
    const saves = new Float64Array(size);
    saves.set(this.saves);
    this.keys = keys;
    this.ids = ids;
    this.tos = tos;
    this.saves = saves;
  }

  /** Adds a step. */
  push(key: number, id: number, to: Fidelity, saved: number): void {
    if (this.length === this.keys.length) this.grow();
    const { keys, ids, tos, saves } = this;
    let index = this.length++;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      const parentKey = keys[parent]!;
      if (!(key > parentKey || (key === parentKey && id < ids[parent]!))) break;
      keys[index] = parentKey;
      ids[index] = ids[parent]!;
      tos[index] = tos[parent]!;
      saves[index] = saves[parent]!;
      index = parent;
    }
    keys[index] = key;
    ids[index] = id;
    tos[index] = FIDELITY_CODE[to];
    saves[index] = saved;
  }

  /** Takes the first step into `id`, `to`, `saved` and `key`; false when the heap is empty. */
  pop(): boolean {
    if (this.length === 0) return false;
    const { keys, ids, tos, saves } = this;
    this.key = keys[0]!;
    this.id = ids[0]!;
    this.to = CODE_FIDELITY[tos[0]!]!;
    this.saved = saves[0]!;
    const last = --this.length;
    if (last === 0) return true;
    const key = keys[last]!;
    const id = ids[last]!;
    const to = tos[last]!;
    const saved = saves[last]!;
    let index = 0;
    for (;;) {
      const left = index * 2 + 1;
      if (left >= last) break;
      let best = left;
      const right = left + 1;
      if (right < last && (keys[right]! > keys[left]! || (keys[right] === keys[left] && ids[right]! < ids[left]!))) best = right;
      const bestKey = keys[best]!;
      if (!(bestKey > key || (bestKey === key && ids[best]! < id))) break;
      keys[index] = bestKey;
      ids[index] = ids[best]!;
      tos[index] = tos[best]!;
      saves[index] = saves[best]!;
      index = best;
    }
    keys[index] = key;
    ids[index] = id;
    tos[index] = to;
    saves[index] = saved;
    return true;
  }
}
