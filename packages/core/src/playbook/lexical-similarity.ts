/** Lowercased words (letters or digits) of a text, with their counts. */
function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/**
 * Cosine similarity of two texts' word counts (lowercased letters and digits): 1 for the same
 * words in any order, 0 for none shared. Deterministic and independent of any session state.
 *
 * @param a - A text.
 * @param b - Another.
 * @returns A number in [0, 1].
 *
 * @example
 * ```ts
 * lexicalSimilarity('use npm ci, not npm install', 'Use npm ci — not npm install'); // 1
 * ```
 */
export function lexicalSimilarity(a: string, b: string): number {
  const left = termCounts(a);
  const right = termCounts(b);
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  for (const [word, count] of left) {
    leftNorm += count * count;
    dot += count * (right.get(word) ?? 0);
  }
  for (const count of right.values()) rightNorm += count * count;
  return leftNorm === 0 || rightNorm === 0 ? 0 : Math.min(1, dot / Math.sqrt(leftNorm * rightNorm));
}
