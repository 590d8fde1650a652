import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createCharTokenCounter, SessionLog } from '../log/index.js';
import { blend, cosine, createLexicalVectoriser } from '../text/index.js';
import { arbitrarySessionSpec, generateText, sessionFromSpec } from '../test-support/arbitrary-session.js';
import { UnitTermIndex } from './unit-term-index.js';

/** The full rescore's lexical matches: a merge walk over every unit's terms. */
function fullRescore(log: SessionLog, scoring: ReturnType<SessionLog['vectoriser']['vector']>, queryBag: ReturnType<SessionLog['vectoriser']['bag']>) {
  const intent: number[] = [];
  const keyword: number[] = [];
  for (let unit = 0; unit < log.units.length; unit++) {
    const features = log.unitFeatures(unit);
    intent.push(Math.max(0, cosine(features.vector, scoring)));
    keyword.push(log.statistics.bm25(queryBag, features.bag));
  }
  return { intent, keyword };
}

const querySpec = fc.record({ seed: fc.nat(), words: fc.integer({ min: 0, max: 40 }), directionSeed: fc.nat(), directionWords: fc.integer({ min: 0, max: 200 }) });

describe('UnitTermIndex: a query scored through the inverted index equals the full rescore', () => {
  test.prop([arbitrarySessionSpec({ maxTurns: 25, maxWords: 120, deferResults: true, dropResults: true }), fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), fc.array(querySpec, { minLength: 1, maxLength: 4 })], { numRuns: 120 })(
    'bit-identical intent match and BM25 for every unit, after every batch of an ingest split anywhere (tool results still due included)',
    (spec, cuts, queries) => {
      const messages = sessionFromSpec(spec);
      const log = new SessionLog(createCharTokenCounter(), createLexicalVectoriser());
      const index = new UnitTermIndex();
      const bounds = [...new Set(cuts.map((cut) => cut % (messages.length + 1)))].sort((a, b) => a - b);
      let from = 0;
      for (const to of [...bounds, messages.length]) {
        log.append(messages.slice(from, to));
        from = to;
        for (const query of queries) {
          const queryText = generateText(query.seed, query.words);
          const queryVector = log.vectoriser.vector(queryText);
          // A scoring vector like a turn's: the direction blended with the question.
          const scoring = blend([
            { vector: log.vectoriser.vector(generateText(query.directionSeed, query.directionWords)), weight: 0.5 },
            { vector: queryVector, weight: 0.5 },
          ]);
          const queryBag = log.vectoriser.bag(queryText);
          const indexed = index.match(log, scoring, queryBag);
          const expected = fullRescore(log, scoring, queryBag);
          // Object.is: the same bits, not merely close.
          for (let unit = 0; unit < log.units.length; unit++) {
            expect(Object.is(indexed.intent[unit], expected.intent[unit]), `intent of unit ${unit}: ${indexed.intent[unit]} vs ${expected.intent[unit]}`).toBe(true);
            expect(Object.is(indexed.keyword[unit], expected.keyword[unit]), `keyword of unit ${unit}: ${indexed.keyword[unit]} vs ${expected.keyword[unit]}`).toBe(true);
          }
        }
      }
      // Every unit whose results all arrived is indexed; one still waiting is matched directly.
      const settled = log.units.filter((unit) => unit.openCalls === 0).length;
      expect(index.indexedUnits).toBe(settled);
    },
  );

  test.prop([arbitrarySessionSpec({ maxTurns: 15, maxWords: 80 }), fc.nat()], { numRuns: 40 })('no direction and no question: every match is 0', (spec, seed) => {
    const log = new SessionLog(createCharTokenCounter(), createLexicalVectoriser());
    log.append(sessionFromSpec(spec));
    const matches = new UnitTermIndex().match(log, undefined, undefined);
    expect([...matches.intent].every((value) => value === 0)).toBe(true);
    expect([...matches.keyword].every((value) => value === 0)).toBe(true);
    void seed;
  });
});
