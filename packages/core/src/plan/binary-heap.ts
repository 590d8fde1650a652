/**
 * A binary max-heap of items by a numeric key, with ties broken by the lower id so that the
 * order is deterministic. @internal
 */
export class MaxHeap<T extends { key: number; id: number }> {
  private readonly items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  private before(a: T, b: T): boolean {
    return a.key > b.key || (a.key === b.key && a.id < b.id);
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(items[index]!, items[parent]!)) break;
      [items[index], items[parent]] = [items[parent]!, items[index]!];
      index = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    if (items.length === 0) return undefined;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let index = 0;
      for (;;) {
        const left = index * 2 + 1;
        const right = left + 1;
        let best = index;
        if (left < items.length && this.before(items[left]!, items[best]!)) best = left;
        if (right < items.length && this.before(items[right]!, items[best]!)) best = right;
        if (best === index) break;
        [items[index], items[best]] = [items[best]!, items[index]!];
        index = best;
      }
    }
    return top;
  }
}
