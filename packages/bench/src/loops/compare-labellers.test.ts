import { describe, expect, it } from 'vitest';
import { compareLabellers } from './compare-labellers.js';
import { scoreAgainstLabels } from './score-against-labels.js';

describe('compareLabellers', () => {
  it('compares on the shared ids only, fills the 2×2 table and lists the disagreements in order', () => {
    const first = new Map([['a', true], ['b', false], ['c', true], ['d', false], ['only-first', true]]);
    const second = new Map([['d', true], ['c', true], ['b', false], ['a', false], ['only-second', false]]);
    const comparison = compareLabellers(first, second);
    expect(comparison).toMatchObject({ items: 4, bothTrue: 1, firstOnly: 1, secondOnly: 1, bothFalse: 1, onlyFirst: 1, onlySecond: 1 });
    expect(comparison.disagreements).toEqual([{ id: 'a', first: true, second: false }, { id: 'd', first: false, second: true }]);
    expect(comparison.kappa).toBeCloseTo(0, 12);
  });
});

describe('scoreAgainstLabels', () => {
  const fired = new Map([['a', true], ['b', true], ['c', false], ['d', false]]);
  const labels = new Map([['a', true], ['b', false], ['c', true], ['d', false], ['no-verdict', true]]);

  it('scores every labelled id that has a verdict, naming misses and false alarms', () => {
    expect(scoreAgainstLabels(fired, labels)).toMatchObject({ units: 4, loops: 2, truePositives: 1, falsePositives: 1, falseNegatives: 1, precision: 0.5, recall: 0.5, missed: ['c'], falseAlarms: ['b'] });
  });

  it('scores only the ids asked for', () => {
    expect(scoreAgainstLabels(fired, labels, ['a', 'd'])).toMatchObject({ units: 2, loops: 1, precision: 1, recall: 1, missed: [], falseAlarms: [] });
  });
});
