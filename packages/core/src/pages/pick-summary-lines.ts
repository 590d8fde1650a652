/**
 * The summary lines of a consulted page that the page index shows when not all fit: with scores
 * (the lines' relevance to the turn's question), the best-scoring lines that fit, then, in the
 * room left, the others in order — a line that does not fit is skipped and smaller ones after it
 * are still tried; without scores (or none above 0), the first lines that fit (the summary's own
 * order). Shown in their own order. All lines when they all fit. Deterministic: equal scores keep
 * the earlier line. @internal
 *
 * @param lines - The summary's lines, in order.
 * @param room - Tokens the lines may take.
 * @param cost - Tokens of one line (with its line break).
 * @param scores - Relevance of each line (same length as `lines`), or `undefined`.
 * @returns Indexes of the lines shown, ascending.
 */
export function pickSummaryLines(lines: readonly string[], room: number, cost: (line: string) => number, scores: readonly number[] | undefined): number[] {
  const costs = lines.map(cost);
  const total = costs.reduce((sum, tokens) => sum + tokens, 0);
  if (total <= room) return lines.map((_, index) => index);
  const picked: number[] = [];
  let used = 0;
  const relevant = scores ? lines.map((_, index) => index).filter((index) => scores[index]! > 0).sort((a, b) => scores[b]! - scores[a]! || a - b) : [];
  const taken = new Set<number>();
  for (const index of relevant) {
    if (used + costs[index]! > room) continue;
    picked.push(index);
    taken.add(index);
    used += costs[index]!;
  }
  for (const [index, tokens] of costs.entries()) {
    if (taken.has(index)) continue;
    if (used + tokens > room) {
      if (relevant.length === 0) break;
      continue;
    }
    picked.push(index);
    used += tokens;
  }
  return picked.sort((a, b) => a - b);
}

/** A summary line's `[3 speaker]` prefix (sub-page and speaker): not scored. */
const LINE_PREFIX = /^\s*\[\d+ [^\]]*\]\s*/;

/**
 * How well each summary line matches a question: the sum, over the question's distinct terms the
 * line holds, of `log(1 + lines / lines holding the term)` — a term most lines hold (a speaker's
 * name) weighs little, a rare one (the subject asked about) much —, plus half the best score
 * among the lines from the same sub-page and speaker (the `[3 Caroline]` prefix: the rest of what
 * was said there comes along). The prefix itself is not scored. Deterministic. @internal
 *
 * @param lines - The summary's lines.
 * @param questionTerms - The question's terms (see `extractTerms`).
 * @param termsOf - A line's terms.
 * @returns One score per line (0: neither it nor its sub-page's lines hold a term of the question).
 */
export function scoreSummaryLines(lines: readonly string[], questionTerms: readonly string[], termsOf: (text: string) => readonly string[]): number[] {
  const wanted = new Set(questionTerms);
  const held = lines.map((line) => new Set(termsOf(line.replace(LINE_PREFIX, '')).filter((term) => wanted.has(term))));
  const lineCount = new Map<string, number>();
  for (const terms of held) for (const term of terms) lineCount.set(term, (lineCount.get(term) ?? 0) + 1);
  const own = held.map((terms) => [...terms].reduce((sum, term) => sum + Math.log(1 + lines.length / lineCount.get(term)!), 0));
  const best = new Map<string, number>();
  const keys = lines.map((line) => LINE_PREFIX.exec(line)?.[0].trim());
  keys.forEach((key, index) => {
    if (key !== undefined) best.set(key, Math.max(best.get(key) ?? 0, own[index]!));
  });
  return own.map((score, index) => score + 0.5 * (keys[index] === undefined ? 0 : best.get(keys[index]!)!));
}
