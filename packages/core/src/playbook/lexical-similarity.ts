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

/** A text's word counts and the sum of their squares (in the counts' order, as the cosine sums them). */
interface TermProfile {
  readonly counts: Map<string, number>;
  readonly squares: number;
}

function profileOf(text: string): TermProfile {
  const counts = termCounts(text);
  let squares = 0;
  for (const count of counts.values()) squares += count * count;
  return { counts, squares };
}

/**
 * {@link lexicalSimilarity} with each text's word counts kept (at most `maxTexts` texts; the
 * oldest forgotten first): a playbook compares every new bullet with each of its bullets, whose
 * texts rarely change. Returns exactly what `lexicalSimilarity` returns. @internal
 */
export function cachedLexicalSimilarity(maxTexts: number): (a: string, b: string) => number {
  const profiles = new Map<string, TermProfile>();
  const profile = (text: string): TermProfile => {
    let known = profiles.get(text);
    if (known === undefined) {
      if (profiles.size >= maxTexts) profiles.delete(profiles.keys().next().value!);
      known = profileOf(text);
      profiles.set(text, known);
    }
    return known;
  };
  return (a, b) => {
    const left = profile(a);
    const right = profile(b);
    let dot = 0;
    for (const [word, count] of left.counts) dot += count * (right.counts.get(word) ?? 0);
    return left.squares === 0 || right.squares === 0 ? 0 : Math.min(1, dot / Math.sqrt(left.squares * right.squares));
  };
}
