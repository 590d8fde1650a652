import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createCharTokenCounter, SessionLog } from '../log/index.js';
import { createLexicalVectoriser, mergeTermBags } from '../text/index.js';
import { arbitrarySessionSpec, sessionFromSpec } from '../test-support/arbitrary-session.js';
import { rankedKeywords } from './ranked-keywords.js';

// rankedKeywords keeps the best terms as it reads a bag instead of sorting every term: the words
// are those of the sort (score descending, then lower term id) cut at the limit.

function sortedKeywords(log: SessionLog, bag: ReturnType<typeof mergeTermBags>, limit: number): string[] {
  const scored: { id: number; score: number }[] = [];
  for (let index = 0; index < bag.ids.length; index++) scored.push({ id: bag.ids[index]!, score: (1 + Math.log(bag.counts[index]!)) * log.statistics.idf(bag.ids[index]!) });
  scored.sort((a, b) => b.score - a.score || a.id - b.id);
  return scored.slice(0, limit).flatMap(({ id }) => log.vectoriser.vocabulary.termOf(id) ?? []);
}

describe('rankedKeywords', () => {
  test.prop([arbitrarySessionSpec({ maxTurns: 20, maxWords: 60 }), fc.nat(), fc.nat(), fc.integer({ min: 0, max: 12 })], { numRuns: 150 })(
    'names the first `limit` terms of the sorted ranking, for any range of units',
    (spec, from, length, limit) => {
      const log = new SessionLog(createCharTokenCounter(), createLexicalVectoriser());
      log.append(sessionFromSpec(spec));
      if (log.units.length === 0) return;
      const first = from % log.units.length;
      const last = Math.min(log.units.length - 1, first + (length % 8));
      const bags = [];
      for (let unit = first; unit <= last; unit++) bags.push(log.unitFeatures(unit).bag);
      const bag = mergeTermBags(bags);
      expect(rankedKeywords(log, bag, limit)).toEqual(sortedKeywords(log, bag, limit));
    },
  );
});
