/**
 * True when `prefix` is the start of `sequence`: no longer, and equal item for item, in order
 * (by `===` unless `equals` is given). The empty sequence is a prefix of every sequence.
 *
 * @param prefix - The items that must open `sequence`.
 * @param sequence - The longer (or equal) sequence.
 * @param equals - Item equality. @default `(a, b) => a === b`
 *
 * @example
 * ```ts
 * isPrefix(['a', 'b'], ['a', 'b', 'c']); // true
 * ```
 */
export function isPrefix<T>(prefix: readonly T[], sequence: readonly T[], equals: (left: T, right: T) => boolean = (left, right) => left === right): boolean {
  if (prefix.length > sequence.length) return false;
  for (let index = prefix.length - 1; index >= 0; index--) if (!equals(prefix[index]!, sequence[index]!)) return false;
  return true;
}
