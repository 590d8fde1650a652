import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { Vocabulary } from '../text/index.js';
import { isSpellingOf, spellingCandidates } from './spelling-candidates.js';

/** The whole-vocabulary scan the kept lists replace. */
function scanned(vocabulary: Vocabulary, seed: string): number[] {
  const ids: number[] = [];
  for (let id = 0; id < vocabulary.size; id++) if (isSpellingOf(vocabulary.termOf(id)!, seed)) ids.push(id);
  return ids;
}

// Words from a small alphabet, so prefixes of each other are common.
const word = fc.stringMatching(/^[ab]{1,10}$/);

describe('spellingCandidates', () => {
  test.prop([fc.array(fc.record({ add: fc.array(word, { maxLength: 12 }), ask: fc.array(word, { maxLength: 4 }) }), { minLength: 1, maxLength: 12 })])(
    'finds exactly what a scan of the whole vocabulary finds, however the vocabulary grows between questions',
    (steps) => {
      const vocabulary = new Vocabulary();
      for (const { add, ask } of steps) {
        for (const term of add) vocabulary.idOf(term);
        for (const seed of ask) expect([...spellingCandidates(vocabulary, seed)]).toEqual(scanned(vocabulary, seed));
      }
    },
  );

  test.prop([fc.array(word, { minLength: 1, maxLength: 300 })])('keeps answering exactly after it drops its kept lists (more seeds than it keeps)', (terms) => {
    const vocabulary = new Vocabulary();
    for (const term of terms) vocabulary.idOf(term);
    const seeds = Array.from({ length: 300 }, (_, index) => `s${index.toString(2).replaceAll('0', 'a').replaceAll('1', 'b')}`);
    for (const seed of seeds) spellingCandidates(vocabulary, seed);
    vocabulary.idOf('aaaab');
    for (const seed of ['aaaa', 'aaaabbb', 'bbbb', ...terms.slice(0, 5)]) expect([...spellingCandidates(vocabulary, seed)]).toEqual(scanned(vocabulary, seed));
  });
});
