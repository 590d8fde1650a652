/** FNV-1a offset basis: the hash of an empty token; fold each character in with {@link hashStep}. */
export const HASH_START = 0x811c9dc5 | 0;

/** One FNV-1a step: `hash` with the UTF-16 unit `code` folded in (32-bit). */
export function hashStep(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

/**
 * The term ids of each distinct token, found by the token's characters where they stand in a
 * text: a token seen before is looked up without cutting it out as a string (no substring, no
 * string hashing, no garbage per token). An open-addressing table keyed by a 32-bit hash the
 * caller folds while it scans ({@link HASH_START}, {@link hashStep}); the characters are compared
 * on a hash match, so a collision never confuses two tokens. The ids of all tokens sit in one
 * pool. It is a cache: {@link clear} forgets everything (the caller bounds its size).
 *
 * @internal
 */
export class TokenIdTable {
  /** Entry index + 1 per slot; 0 is empty. */
  #slots = new Int32Array(1024);
  #tokens: string[] = [];
  #hashes: number[] = [];
  /** Where each entry's ids start in {@link pool}; they end where the next entry's start. */
  #starts: number[] = [0];
  /** The term ids of every entry, back to back. Read with {@link start} and {@link end}. */
  pool = new Int32Array(4096);

  /** Distinct tokens held. */
  get size(): number {
    return this.#tokens.length;
  }

  /** Where the ids of `entry` start in {@link pool}. */
  start(entry: number): number {
    return this.#starts[entry]!;
  }

  /** Where the ids of `entry` end in {@link pool} (exclusive). */
  end(entry: number): number {
    return this.#starts[entry + 1]!;
  }

  /**
   * The entry of the token `text.slice(from, to)`, whose hash is `hash`, or -1 when it is not
   * held.
   */
  find(text: string, from: number, to: number, hash: number): number {
    const slots = this.#slots;
    const mask = slots.length - 1;
    const length = to - from;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = slots[slot]!;
      if (held === 0) return -1;
      const entry = held - 1;
      if (this.#hashes[entry] !== hash) continue;
      const token = this.#tokens[entry]!;
      if (token.length !== length) continue;
      let offset = 0;
      while (offset < length && token.charCodeAt(offset) === text.charCodeAt(from + offset)) offset++;
      if (offset === length) return entry;
    }
  }

  /** Holds `token` (not held yet, hashed to `hash`) with its term ids; returns its entry. */
  add(token: string, hash: number, ids: readonly number[]): number {
    const entry = this.#tokens.length;
    this.#tokens.push(token);
    this.#hashes.push(hash);
    const start = this.#starts[entry]!;
    if (start + ids.length > this.pool.length) {
      const grown = new Int32Array(Math.max(start + ids.length, this.pool.length * 2));
      grown.set(this.pool);
      this.pool = grown;
    }
    for (let offset = 0; offset < ids.length; offset++) this.pool[start + offset] = ids[offset]!;
    this.#starts.push(start + ids.length);
    if (2 * this.#tokens.length > this.#slots.length) this.#rehash(this.#slots.length * 2);
    else this.#place(entry);
    return entry;
  }

  /** Forgets every token. */
  clear(): void {
    this.#slots = new Int32Array(1024);
    this.#tokens = [];
    this.#hashes = [];
    this.#starts = [0];
    this.pool = new Int32Array(4096);
  }

  #place(entry: number): void {
    const mask = this.#slots.length - 1;
    let slot = this.#hashes[entry]! & mask;
    while (this.#slots[slot] !== 0) slot = (slot + 1) & mask;
    this.#slots[slot] = entry + 1;
  }

  #rehash(capacity: number): void {
    this.#slots = new Int32Array(capacity);
    for (let entry = 0; entry < this.#tokens.length; entry++) this.#place(entry);
  }
}
