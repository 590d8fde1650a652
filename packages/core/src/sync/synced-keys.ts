/**
 * The keys (fingerprints or ids) of the framework messages a session has logged, in order, with
 * the positions of each: what {@link planSync} reads (`keys`, and `positions` for front-trimmed
 * histories). An adapter adds a key once its message is in the log.
 *
 * @example
 * ```ts
 * const synced = new SyncedKeys();
 * const plan = planSync(synced.keys, historyKeys, { positions: synced.positions });
 * // … ingest historyKeys.slice(plan.from), then:
 * for (const key of historyKeys.slice(plan.from)) synced.add(key);
 * ```
 */
export class SyncedKeys {
  readonly #keys: string[] = [];
  readonly #positions = new Map<string, number[]>();

  /** The keys, in the order their messages were logged. */
  get keys(): readonly string[] {
    return this.#keys;
  }

  /** Key → its positions in {@link keys}, ascending. */
  get positions(): ReadonlyMap<string, readonly number[]> {
    return this.#positions;
  }

  /** How many keys are held. */
  get length(): number {
    return this.#keys.length;
  }

  /** True when `key` was added. */
  has(key: string): boolean {
    return this.#positions.has(key);
  }

  /** Records the key of one more logged message. */
  add(key: string): void {
    const list = this.#positions.get(key);
    if (list) list.push(this.#keys.length);
    else this.#positions.set(key, [this.#keys.length]);
    this.#keys.push(key);
  }
}
