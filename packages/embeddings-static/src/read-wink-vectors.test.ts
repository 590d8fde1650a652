import { describe, expect, it } from 'vitest';
import { CairnError } from '@cairn/core';
import { readWinkVectors } from './read-wink-vectors.js';
import { TINY_VECTORS, tinyWinkJson } from './test-support/write-tiny-model.js';

describe('readWinkVectors', () => {
  it('reads every word and its vector by rank, "]" among the words included', () => {
    const table = readWinkVectors(Buffer.from(tinyWinkJson()), 'tiny.json', 100);
    expect(table.dimensions).toBe(4);
    expect(table.words).toEqual(Object.keys(TINY_VECTORS));
    expect(table.sourceVocabulary).toBe(8);
    table.words.forEach((word, rank) => {
      expect(Array.from(table.vectors.subarray(rank * 4, rank * 4 + 4))).toEqual(TINY_VECTORS[word]!.map((value) => Math.fround(value)));
    });
  });

  it('keeps only the maxWords most frequent words, whatever order the vectors come in', () => {
    const json = tinyWinkJson();
    const parsed = JSON.parse(json) as { vectors: Record<string, number[]> };
    const reversed = Object.fromEntries(Object.entries(parsed.vectors).reverse());
    const table = readWinkVectors(Buffer.from(JSON.stringify({ ...parsed, vectors: reversed })), 'tiny.json', 3);
    expect(table.words).toEqual(['the', 'a', 'cat']);
    expect(table.vectors.length).toBe(12);
    expect(Array.from(table.vectors.subarray(8, 12))).toEqual([3, 2, 0, 0.1].map(Math.fround));
    expect(table.sourceVocabulary).toBe(8);
  });

  it('parses numbers in every JSON form (exponents, signs, no fraction)', () => {
    const json = JSON.stringify({ dimensions: 3, words: ['x'], vectors: { x: [-1.5e-3, 2e2, 7, 1, 0] } });
    expect(Array.from(readWinkVectors(Buffer.from(json), 'x.json', 10).vectors)).toEqual([-0.0015, 200, 7].map(Math.fround));
  });

  it.each([
    ['no dimensions', '{"words":[],"vectors":{}}'],
    ['a row of the wrong length', '{"dimensions":2,"words":["x"],"vectors":{"x":[1,2,3,0,9]}}'],
    ['a rank outside the words', '{"dimensions":2,"words":["x"],"vectors":{"x":[1,2,3,4]}}'],
    ['a word without a vector', '{"dimensions":2,"words":["x","y"],"vectors":{"x":[1,2,3,0]}}'],
    ['words that are not strings', '{"dimensions":2,"words":[1],"vectors":{}}'],
    ['garbage in a vector', '{"dimensions":2,"words":["x"],"vectors":{"x":[1,"a",3,0]}}'],
  ])('throws a CairnError INVALID_OPTIONS for %s', (_, json) => {
    let thrown: unknown;
    try {
      readWinkVectors(Buffer.from(json), 'bad.json', 10);
    } catch (error) {
      thrown = error;
    }
    expect(CairnError.isInstance(thrown) && thrown.code).toBe('INVALID_OPTIONS');
    expect((thrown as Error).message).toContain('bad.json');
  });
});
