import type { SeededRandom } from '../seeded-random.js';

/**
 * Merges several sequences into one, keeping each sequence's own order: at every step the next
 * item comes from a sequence chosen with probability proportional to what it has left, so every
 * interleaving is equally likely.
 *
 * @param sequences - The sequences; the first is usually the target's sessions.
 * @param random - The seeded source of the choices.
 * @returns Every item once, each tagged with the index of its sequence.
 *
 * @example
 * ```ts
 * interleave([['a', 'b'], ['x']], createSeededRandom(1)); // e.g. a, x, b
 * ```
 */
export function interleave<T>(sequences: readonly (readonly T[])[], random: SeededRandom): { item: T; from: number }[] {
  const next = sequences.map(() => 0);
  let left = sequences.reduce((sum, sequence) => sum + sequence.length, 0);
  const merged: { item: T; from: number }[] = [];
  while (left > 0) {
    let draw = random.int(0, left - 1);
    let from = 0;
    for (; from < sequences.length; from += 1) {
      const remaining = sequences[from]!.length - next[from]!;
      if (draw < remaining) break;
      draw -= remaining;
    }
    merged.push({ item: sequences[from]![next[from]!]!, from });
    next[from] = next[from]! + 1;
    left -= 1;
  }
  return merged;
}
