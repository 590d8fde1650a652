import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createTermBag, EMPTY_BAG, mergeTermBags, type TermBag } from './term-bag.js';
import { Vocabulary } from './vocabulary.js';

function expectWellFormed(bag: TermBag): void {
  let sum = 0;
  for (let index = 0; index < bag.ids.length; index++) {
    if (index > 0) expect(bag.ids[index]!).toBeGreaterThan(bag.ids[index - 1]!);
    expect(bag.counts[index]!).toBeGreaterThan(0);
    sum += bag.counts[index]!;
  }
  expect(bag.counts).toHaveLength(bag.ids.length);
  expect(sum).toBe(bag.length);
}

const termLists = fc.array(fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta'), { maxLength: 40 });

describe('createTermBag', () => {
  test('counts terms by sorted id', () => {
    const vocabulary = new Vocabulary();
    vocabulary.idOf('zeta');
    const bag = createTermBag(['cache', 'zeta', 'miss', 'cache'], vocabulary);
    expect([...bag.ids]).toEqual([0, 1, 2]);
    expect([...bag.counts]).toEqual([1, 2, 1]);
    expect(bag.length).toBe(4);
  });

  test('is empty for no terms', () => {
    expect(createTermBag([], new Vocabulary())).toBe(EMPTY_BAG);
  });

  propertyTest.prop([termLists])('has sorted unique ids and counts summing to its length', (terms) => {
    const vocabulary = new Vocabulary();
    vocabulary.idOf('eta');
    vocabulary.idOf('beta');
    const bag = createTermBag(terms, vocabulary);
    expectWellFormed(bag);
    expect(bag.length).toBe(terms.length);
  });
});

describe('mergeTermBags', () => {
  test('adds counts and lengths', () => {
    const vocabulary = new Vocabulary();
    const merged = mergeTermBags([
      createTermBag(['a1', 'b2'], vocabulary),
      createTermBag(['b2', 'c3', 'c3'], vocabulary),
    ]);
    expect([...merged.ids]).toEqual([0, 1, 2]);
    expect([...merged.counts]).toEqual([1, 2, 2]);
    expect(merged.length).toBe(5);
  });

  test('merges nothing into the empty bag', () => {
    expect(mergeTermBags([])).toBe(EMPTY_BAG);
  });

  propertyTest.prop([fc.array(termLists, { maxLength: 5 })])('equals the bag of the concatenated terms', (lists) => {
    const vocabulary = new Vocabulary();
    const merged = mergeTermBags(lists.map((terms) => createTermBag(terms, vocabulary)));
    expectWellFormed(merged);
    expect(merged).toEqual(createTermBag(lists.flat(), vocabulary));
  });
});

/** The merge through a map, as before the two-bag walk: the reference the walk must equal. */
function referenceMerge(bags: readonly TermBag[]): TermBag {
  const frequencies = new Map<number, number>();
  let length = 0;
  for (const bag of bags) {
    length += bag.length;
    for (let index = 0; index < bag.ids.length; index++) frequencies.set(bag.ids[index]!, (frequencies.get(bag.ids[index]!) ?? 0) + bag.counts[index]!);
  }
  if (frequencies.size === 0) return EMPTY_BAG;
  const ids = Int32Array.from(frequencies.keys()).sort();
  const counts = new Float32Array(ids.length);
  for (let index = 0; index < ids.length; index++) counts[index] = frequencies.get(ids[index]!)!;
  return { ids, counts, length };
}

describe('mergeTermBags of two bags (one merge walk)', () => {
  propertyTest.prop([termLists, termLists])('equals the merge through a map', (first, second) => {
    const vocabulary = new Vocabulary();
    const bags = [createTermBag(first, vocabulary), createTermBag(second, vocabulary)];
    const merged = mergeTermBags(bags);
    const expected = referenceMerge(bags);
    expect([...merged.ids]).toEqual([...expected.ids]);
    expect([...merged.counts]).toEqual([...expected.counts]);
    expect(merged.length).toBe(expected.length);
    if (expected === EMPTY_BAG) expect(merged).toBe(EMPTY_BAG);
    expectWellFormed(merged);
  });
});
