import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createLexicalVectoriser } from './lexical-vectoriser.js';
import { packTermFeatures } from './pack-term-features.js';
import { cosine, vectorFromBag } from './sparse-vector.js';
import { mergeTermBags } from './term-bag.js';

const words = fc.array(fc.constantFrom('cache', 'miss', 'deploy', 'ORD-12345', 'src/a.ts', 'retry', 'timeout', 'user_id', 'HTTPServer', 'the'), { maxLength: 40 }).map((list) => list.join(' '));

describe('packTermFeatures', () => {
  test.prop([fc.array(words, { minLength: 1, maxLength: 4 })])('keeps the same ids, counts, weights and length in one buffer', (texts) => {
    const vectoriser = createLexicalVectoriser();
    const bag = mergeTermBags(texts.map((text) => vectoriser.bag(text)));
    const vector = vectoriser.vectorOfBag(bag);
    const packed = packTermFeatures(bag, vector);
    expect([...packed.bag.ids]).toEqual([...bag.ids]);
    expect([...packed.bag.counts]).toEqual([...bag.counts]);
    expect(packed.bag.length).toBe(bag.length);
    expect([...packed.vector.ids]).toEqual([...vector.ids]);
    expect([...packed.vector.weights]).toEqual([...vector.weights]);
    expect(cosine(packed.vector, vector)).toBe(cosine(vector, vector));
    if (bag.ids.length > 0) {
      expect(packed.vector.ids).toBe(packed.bag.ids);
      expect(packed.bag.counts.buffer).toBe(packed.bag.ids.buffer);
      expect(packed.vector.weights.buffer).toBe(packed.bag.ids.buffer);
    }
  });

  it('returns a vector over other terms as given', () => {
    const vectoriser = createLexicalVectoriser();
    const bag = vectoriser.bag('cache miss deploy');
    const vector = vectorFromBag(bag, (id) => (id === bag.ids[0] ? 0 : 1));
    const packed = packTermFeatures(bag, vector);
    expect(packed.bag).toBe(bag);
    expect(packed.vector).toBe(vector);
  });
});
