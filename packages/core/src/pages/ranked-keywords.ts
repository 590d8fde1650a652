import type { SessionLog } from '../log/index.js';
import type { TermBag } from '../text/index.js';

/** Whether term `a` (with `scoreA`) ranks before term `b`: higher score first, then lower term id. */
const before = (scoreA: number, a: number, scoreB: number, b: number): boolean => scoreA > scoreB || (scoreA === scoreB && a < b);

/**
 * The `limit` terms of a bag ranked by (1 + log tf) × idf over the log now (ties: lower term id):
 * the keywords a page manifest names. Computed on each call, so the same log gives the same words.
 * The best `limit` are kept in order as the bag is read (no sort of every term of a large page).
 * @internal
 */
export function rankedKeywords(log: SessionLog, bag: TermBag, limit: number): string[] {
  const ids: number[] = [];
  const scores: number[] = [];
  for (let index = 0; index < bag.ids.length; index++) {
    const id = bag.ids[index]!;
    const score = (1 + Math.log(bag.counts[index]!)) * log.statistics.idf(id);
    if (ids.length === limit && !before(score, id, scores[limit - 1]!, ids[limit - 1]!)) continue;
    // Insert in rank order, dropping the last when full.
    let at = ids.length < limit ? ids.length : limit - 1;
    while (at > 0 && before(score, id, scores[at - 1]!, ids[at - 1]!)) {
      if (at < limit) {
        ids[at] = ids[at - 1]!;
        scores[at] = scores[at - 1]!;
      }
      at--;
    }
    ids[at] = id;
    scores[at] = score;
  }
  const terms: string[] = [];
  for (const id of ids) {
    const term = log.vectoriser.vocabulary.termOf(id);
    if (term !== undefined) terms.push(term);
  }
  return terms;
}
