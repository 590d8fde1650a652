/**
 * The summary lines of a consulted page that the page index shows when not all fit: with scores
 * (the lines' relevance to the turn's question), the best-scoring lines that fit — a line that
 * does not fit is skipped and smaller ones after it are still tried —, shown in their own order;
 * without scores, the first lines that fit (the summary's own order). All lines when they all fit.
 * Deterministic: equal scores keep the earlier line. @internal
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
  if (!scores || scores.every((score) => score <= 0)) {
    const picked: number[] = [];
    let used = 0;
    for (const [index, tokens] of costs.entries()) {
      if (used + tokens > room) break;
      picked.push(index);
      used += tokens;
    }
    return picked;
  }
  const order = lines.map((_, index) => index).sort((a, b) => scores[b]! - scores[a]! || a - b);
  const picked: number[] = [];
  let used = 0;
  for (const index of order) {
    if (scores[index]! <= 0) break;
    if (used + costs[index]! > room) continue;
    picked.push(index);
    used += costs[index]!;
  }
  return picked.sort((a, b) => a - b);
}
