import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createCharTokenCounter, SessionLog } from '../log/index.js';
import { createLexicalVectoriser } from '../text/index.js';
import { arbitrarySessionSpec, generateText, sessionFromSpec } from '../test-support/arbitrary-session.js';
import { speakerFocus } from './speaker-focus.js';
import { referenceSpeakerFocus } from './test-support/reference-speaker-focus.js';

/** Questions that name no speaker, some, or all of them (the spec's speakers), with other words. */
const question = fc.record({
  seed: fc.nat(),
  words: fc.integer({ min: 0, max: 12 }),
  names: fc.subarray(['Ana', 'Ben Ortiz', 'Paris', 'ben', 'Ortiz', 'Mel']),
});

describe('speakerFocus: the speakers indexed per log give the factors of a visit of every unit', () => {
  test.prop([arbitrarySessionSpec({ maxTurns: 30, maxWords: 40, deferResults: true }), fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), fc.array(question, { minLength: 1, maxLength: 4 }), fc.boolean()], { numRuns: 150 })(
    'the same factors (or none) after every batch of an ingest split anywhere, for every question and every subset of units',
    (spec, cuts, questions, everyUnit) => {
      const messages = sessionFromSpec(spec, '', true);
      const log = new SessionLog(createCharTokenCounter(), createLexicalVectoriser());
      const bounds = [...new Set(cuts.map((cut) => cut % (messages.length + 1)))].sort((a, b) => a - b);
      let from = 0;
      for (const to of [...bounds, messages.length]) {
        log.append(messages.slice(from, to));
        from = to;
        const indexes = log.units.map((_, index) => index).filter((index) => everyUnit || index % 3 !== 1);
        for (const { seed, words, names } of questions) {
          const bag = log.vectoriser.bag(`${names.join(' and ')} ${generateText(seed, words)}`);
          const expected = referenceSpeakerFocus(log, bag, indexes);
          const actual = speakerFocus(log, bag, indexes);
          expect(actual === undefined ? undefined : [...actual]).toEqual(expected === undefined ? undefined : [...expected]);
        }
      }
    },
  );

  test.prop([arbitrarySessionSpec({ minTurns: 2, maxTurns: 12, maxWords: 20 }), fc.nat()], { numRuns: 40 })('same input, same output: a second log of the same messages gives the same factors', (spec, seed) => {
    const messages = sessionFromSpec(spec, '', true);
    const factors = () => {
      const log = new SessionLog(createCharTokenCounter(), createLexicalVectoriser());
      log.append(messages);
      const bag = log.vectoriser.bag(`Ana ${generateText(seed, 6)}`);
      const all = log.units.map((_, index) => index);
      const first = speakerFocus(log, bag, all);
      const second = speakerFocus(log, bag, all);
      expect(second === undefined ? undefined : [...second]).toEqual(first === undefined ? undefined : [...first]);
      return first === undefined ? undefined : [...first];
    };
    expect(factors()).toEqual(factors());
  });
});
