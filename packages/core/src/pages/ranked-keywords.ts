import type { SessionLog } from '../log/index.js';
import type { TermBag } from '../text/index.js';

/**
 * The `limit` terms of a bag ranked by (1 + log tf) × idf over the log now (ties: lower term id):
 * the keywords a page manifest names. Computed on each call, so the same log gives the same words.
 * @internal
 */
export function rankedKeywords(log: SessionLog, bag: TermBag, limit: number): string[] {
  const scored: { id: number; score: number }[] = [];
  for (let index = 0; index < bag.ids.length; index++) {
    const id = bag.ids[index]!;
    scored.push({ id, score: (1 + Math.log(bag.counts[index]!)) * log.statistics.idf(id) });
  }
  scored.sort((a, b) => b.score - a.score || a.id - b.id);
  const terms: string[] = [];
  for (const { id } of scored.slice(0, limit)) {
    const term = log.vectoriser.vocabulary.termOf(id);
    if (term !== undefined) terms.push(term);
  }
  return terms;
}
