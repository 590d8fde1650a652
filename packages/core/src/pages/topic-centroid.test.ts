import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { expect } from 'vitest';
import { cosine, mergeTermBags, vectorFromBag, type TermBag } from '../text/index.js';
import { TopicCentroid } from './topic-centroid.js';

const WORDS = ['flight', 'refund', 'paris', 'invoice', 'seat', 'ord-1', 'retry', 'timeout', 'garden', 'basil'] as const;

/** A term bag of words (term id = the word's place in WORDS). */
function bagOf(terms: readonly string[]): TermBag {
  const counts = new Map<number, number>();
  for (const term of terms) counts.set(WORDS.indexOf(term as (typeof WORDS)[number]), (counts.get(WORDS.indexOf(term as (typeof WORDS)[number])) ?? 0) + 1);
  const ids = Int32Array.from(counts.keys()).sort();
  return { ids, counts: Float32Array.from(ids, (id) => counts.get(id)!), length: terms.length };
}

const words = fc.array(fc.constantFrom(...WORDS), { maxLength: 30 });

test.prop([fc.array(words, { minLength: 1, maxLength: 8 }), words])('a topic centroid gives the cosine of the merged bag, page after page', (pages, probe) => {
  const bags = pages.map(bagOf);
  const vector = vectorFromBag(bagOf(probe));
  const centroid = new TopicCentroid(bags[0]!);
  for (let count = 1; count <= bags.length; count++) {
    if (count > 1) centroid.add(bags[count - 1]!);
    expect(centroid.cosine(vector)).toBeCloseTo(cosine(vector, vectorFromBag(mergeTermBags(bags.slice(0, count)))), 6); // the old path rounds weights to float32 (~1e-8)
  }
});
