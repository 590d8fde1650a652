/**
 * Interns terms to dense integer ids, in first-seen order (0, 1, 2…), so bags and vectors hold
 * sorted integer ids instead of strings. Ids are never reused or removed; the same terms added
 * in the same order always get the same ids.
 *
 * @example
 * ```ts
 * const vocabulary = new Vocabulary();
 * vocabulary.idOf('cache'); // 0
 * vocabulary.idOf('miss'); // 1
 * vocabulary.lookup('cache'); // 0
 * vocabulary.termOf(1); // 'miss'
 * ```
 */
export class Vocabulary {
  readonly #ids = new Map<string, number>();
  readonly #terms: string[] = [];

  /** How many terms are interned; also the next id to be given. */
  get size(): number {
    return this.#terms.length;
  }

  /** The id of `term`, interning it first if it is new. */
  idOf(term: string): number {
    let id = this.#ids.get(term);
    if (id === undefined) {
      id = this.#terms.length;
      this.#ids.set(term, id);
      this.#terms.push(term);
    }
    return id;
  }

  /** The id of `term`, or `undefined` when it was never interned (interns nothing). */
  lookup(term: string): number | undefined {
    return this.#ids.get(term);
  }

  /** The term of `id`, or `undefined` when no term has that id. */
  termOf(id: number): string | undefined {
    return this.#terms[id];
  }
}
