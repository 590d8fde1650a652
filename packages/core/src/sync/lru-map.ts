/** Options of {@link LruMap}. */
export interface LruMapOptions<K, V> {
  /**
   * Told about every entry the map evicts (not about `delete` or `clear`): close or save it here.
   * @default nothing
   */
  onEvict?: (key: K, value: V) => void;
  /**
   * Whether an entry may be evicted now (an entry in use may not); one that may not stays, and the
   * map may hold more than its capacity until a later `set` or {@link LruMap.trim}.
   * @default every entry may be evicted
   */
  canEvict?: (key: K, value: V) => boolean;
}

/**
 * A map that holds at most `capacity` entries: reading (`get`) or writing (`set`) an entry makes
 * it the most recent, and a `set` past the capacity evicts the least recently used entries that
 * `canEvict` allows, handing each to `onEvict`. What adapters bound their open sessions and
 * per-session caches with, so memory never grows without bound.
 *
 * @example
 * ```ts
 * const sessions = new LruMap<string, Session>(100, { onEvict: (_id, session) => void session.close() });
 * ```
 */
export class LruMap<K, V> {
  readonly #map = new Map<K, V>();
  readonly #onEvict: (key: K, value: V) => void;
  readonly #canEvict: (key: K, value: V) => boolean;

  /**
   * @param capacity - Entries held at most (while every entry may be evicted).
   * @param options - See {@link LruMapOptions}.
   */
  constructor(
    readonly capacity: number,
    { onEvict = () => undefined, canEvict = () => true }: LruMapOptions<K, V> = {},
  ) {
    this.#onEvict = onEvict;
    this.#canEvict = canEvict;
  }

  /** Entries held now. */
  get size(): number {
    return this.#map.size;
  }

  /** The value of `key`, made the most recent entry, or `undefined`. */
  get(key: K): V | undefined {
    if (!this.#map.has(key)) return undefined;
    const value = this.#map.get(key) as V;
    this.#map.delete(key);
    this.#map.set(key, value);
    return value;
  }

  /** The value of `key` without making it the most recent, or `undefined`. */
  peek(key: K): V | undefined {
    return this.#map.get(key);
  }

  /** Stores `value` as the most recent entry, then evicts past the capacity (see {@link trim}). */
  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    this.trim();
  }

  /** Evicts the least recently used entries `canEvict` allows until the map is within its capacity. */
  trim(): void {
    if (this.#map.size <= this.capacity) return;
    for (const [key, value] of [...this.#map]) {
      if (this.#map.size <= this.capacity) return;
      if (!this.#canEvict(key, value)) continue;
      this.#map.delete(key);
      this.#onEvict(key, value);
    }
  }

  /**
   * Removes `key` (without telling `onEvict`); with `value`, only while the key still holds that
   * value (so a late cleanup never removes a newer entry).
   */
  delete(key: K, value?: V): void {
    if (value === undefined || this.#map.get(key) === value) this.#map.delete(key);
  }

  /** The entries, least recently used first. */
  entries(): IterableIterator<[K, V]> {
    return this.#map.entries();
  }

  /** The values, least recently used first. */
  values(): IterableIterator<V> {
    return this.#map.values();
  }

  /** Removes every entry (without telling `onEvict`). */
  clear(): void {
    this.#map.clear();
  }
}
