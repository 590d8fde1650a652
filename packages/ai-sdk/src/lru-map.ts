/**
 * A map that holds at most `capacity` entries: reading or writing an entry makes it the most
 * recent; adding one past the capacity removes the least recently used one that `canEvict`
 * allows and hands it to `onEvict` (while every entry is in use, the map may hold more until
 * the next `trim`).
 *
 * @internal
 */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(
    private readonly capacity: number,
    private readonly onEvict: (key: K, value: V) => void = () => undefined,
    private readonly canEvict: (key: K) => boolean = () => true,
  ) {}

  get size(): number {
    return this.map.size;
  }

  /** The value of `key` (and makes it the most recent), or `undefined`. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /** Stores `value` as the most recent entry, evicting the least recent ones past the capacity. */
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    this.trim();
  }

  /** Evicts the least recently used entries `canEvict` allows until the map is within its capacity. */
  trim(): void {
    if (this.map.size <= this.capacity) return;
    for (const [oldKey, oldValue] of [...this.map]) {
      if (this.map.size <= this.capacity) return;
      if (!this.canEvict(oldKey)) continue;
      this.map.delete(oldKey);
      this.onEvict(oldKey, oldValue);
    }
  }

  /** Removes `key` when it still holds `value` (no eviction callback). */
  delete(key: K, value?: V): void {
    if (value === undefined || this.map.get(key) === value) this.map.delete(key);
  }

  values(): IterableIterator<V> {
    return this.map.values();
  }

  clear(): void {
    this.map.clear();
  }
}
