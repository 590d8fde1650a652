/**
 * Turns texts into dense embeddings. cairn works without one (its vectors are lexical, see
 * `createLexicalVectoriser`); inject one to compare meaning rather than shared terms.
 * The engine calls it outside its pure core and caches results per text.
 */
export interface Embedder {
  /** Names the model; cached embeddings are reused only when the id matches. */
  readonly id: string;
  /**
   * One vector per text, in order, all of one dimension. Must be deterministic for a given id:
   * the same text gets the same vector.
   */
  embed(texts: readonly string[]): Promise<readonly (readonly number[])[]>;
}
