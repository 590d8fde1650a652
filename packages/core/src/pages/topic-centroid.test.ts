import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { expect } from 'vitest';
import { cosine, mergeTermBags, vectorFromBag } from '../text/index.js';
import { createTermBag } from '../text/term-bag.js';
import { Vocabulary } from '../text/vocabulary.js';
import { TopicCentroid } from './topic-centroid.js';

const words = fc.array(fc.constantFrom('flight', 'refund', 'paris', 'invoice', 'seat', 'ord-1', 'retry', 'timeout', 'garden', 'basil'), { maxLength: 30 });

test.prop([fc.array(words, { minLength: 1, maxLength: 8 }), words])('a topic centroid gives the cosine of the merged bag, page after page', (pages, probe) => {
  const vocabulary = new Vocabulary();
  const bags = pages.map((terms) => createTermBag(terms, vocabulary));
  const vector = vectorFromBag(createTermBag(probe, vocabulary));
  const centroid = new TopicCentroid(bags[0]!);
  for (let count = 1; count <= bags.length; count++) {
    if (count > 1) centroid.add(bags[count - 1]!);
    expect(centroid.cosine(vector)).toBeCloseTo(cosine(vector, vectorFromBag(mergeTermBags(bags.slice(0, count)))), 6); // the old path rounds weights to float32 (~1e-8)
  }
});
