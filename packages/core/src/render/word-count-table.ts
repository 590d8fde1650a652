/**
 * Token counts of words, remembered per counter, looked up by a slice of a longer text without
 * cutting the slice out: an open-addressing hash table over the characters themselves. Counting
 * a text by its words (`countByWords`) looks up every word of every placeholder, compressed
 * segment and header a view counts — tens of thousands a new question at 50k messages — and
 * `text.slice` plus a `Map` lookup allocated a string for each and hashed it again. A hit here
 * allocates nothing; a miss cuts the word out once, counts it and keeps it.
 *
 * The table forgets everything when it holds `capacity` words (bounded memory, as the `Map` it
 * replaces did); a count is always the counter's own, so what is remembered never changes a
 * result. @internal
 */
export class WordCountTable {
  readonly #capacity: number;
  readonly #mask: number;
  #keys: (string | undefined)[];
  #hashes: Int32Array;
  #counts: Int32Array;
  #size = 0;

  /** `capacity`: most words held before the table starts afresh (at least 1). */
  constructor(capacity: number) {
    let slots = 4;
    while (slots < 2 * capacity) slots *= 2;
    this.#capacity = Math.max(1, Math.floor(capacity));
    this.#mask = slots - 1;
    this.#keys = new Array<string | undefined>(slots).fill(undefined);
    this.#hashes = new Int32Array(slots);
    this.#counts = new Int32Array(slots);
  }

  /** Words held now. */
  get size(): number {
    return this.#size;
  }

  /**
   * `counter.count(text.slice(start, end))`, remembered: counted (and kept) only the first time the word
   * is met since the table last started afresh.
   */
  tokens(text: string, start: number, end: number, counter: { count(word: string): number }): number {
    let hash = 0x811c9dc5 | 0;
    for (let at = start; at < end; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
    const length = end - start;
    const keys = this.#keys;
    const hashes = this.#hashes;
    for (let slot = hash & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const key = keys[slot];
      if (key === undefined) break;
      if (hashes[slot] !== hash || key.length !== length) continue;
      let same = true;
      for (let at = 0; at < length; at++) {
        if (key.charCodeAt(at) !== text.charCodeAt(start + at)) {
          same = false;
          break;
        }
      }
      if (same) return this.#counts[slot]!;
    }
    const word = text.slice(start, end);
    const tokens = counter.count(word);
    if (this.#size >= this.#capacity) this.clear();
    let slot = hash & this.#mask;
    while (keys[slot] !== undefined) slot = (slot + 1) & this.#mask;
    keys[slot] = word;
    hashes[slot] = hash;
    this.#counts[slot] = tokens;
    this.#size++;
    return tokens;
  }

  /** Forgets every word. */
  clear(): void {
    this.#keys.fill(undefined);
    this.#size = 0;
  }
}
