import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createCharTokenCounter, SessionLog } from './index.js';
import { createLexicalVectoriser, mergeTermBags } from '../text/index.js';
import { arbitrarySessionSpec, sessionFromSpec } from '../test-support/arbitrary-session.js';
import { featureText } from './session-log.js';

// A unit of one message reuses the vector its linking computed for the message's bag instead of
// computing it again (issue 17): every unit's features must still be the bag and log-tf vector
// of its messages' texts, as a separate vectoriser reads them.

describe('SessionLog unit features', () => {
  test.prop([arbitrarySessionSpec({ maxTurns: 25, maxWords: 80, deferResults: true, dropResults: true }), fc.array(fc.nat(), { maxLength: 4 })], { numRuns: 80 })(
    'each unit has the merged bag and vector of its messages, whatever the batches',
    (spec, cuts) => {
      const messages = sessionFromSpec(spec);
      const log = new SessionLog(createCharTokenCounter(), createLexicalVectoriser());
      const bounds = [...new Set(cuts.map((cut) => cut % (messages.length + 1)))].sort((a, b) => a - b);
      let from = 0;
      for (const to of [...bounds, messages.length]) {
        log.append(messages.slice(from, to));
        from = to;
      }
      // The same texts in the same order through a vectoriser of their own: the same term ids.
      const reference = createLexicalVectoriser();
      const bags = log.entries.map((entry) => reference.bag(featureText(entry.message)));
      for (let unit = 0; unit < log.units.length; unit++) {
        const features = log.unitFeatures(unit);
        const merged = mergeTermBags(log.units[unit]!.positions.map((position) => bags[position]!));
        expect(Array.from(features.bag.ids)).toEqual(Array.from(merged.ids));
        expect(Array.from(features.bag.counts)).toEqual(Array.from(merged.counts));
        const vector = reference.vectorOfBag(merged);
        expect(Array.from(features.vector.ids)).toEqual(Array.from(vector.ids));
        expect(Array.from(features.vector.weights)).toEqual(Array.from(vector.weights));
      }
    },
  );
});
