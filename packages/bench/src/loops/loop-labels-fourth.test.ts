import { describe, expect, it } from 'vitest';
import { expectWellFormedLabels, idOf, readLabelFile } from './test-support/label-files.js';

const fourth = readLabelFile('loop-labels-fourth.json');
const third = readLabelFile('loop-labels-third.json');
const second = readLabelFile('loop-labels-second.json');
const first = readLabelFile('loop-labels.json');

describe('the fourth labeller’s loop labels', () => {
  it('label each unit once by the second labeller’s rule, with a labeller and a short note (ids and notes only, no copied data)', () => {
    expectWellFormedLabels(fourth, second.rule, /fourth labeller/);
  });

  it('draw fresh units from those no earlier labeller read, and the overlap only from the third’s fresh units', () => {
    const earlier = new Set([...first.units, ...second.units, ...third.units].map(idOf));
    const thirdFresh = new Set(third.units.filter((unit) => unit.chosen !== 'overlap').map(idOf));
    expect(Object.keys(fourth.chosen).sort()).toEqual(['fresh', 'overlap-third']);
    for (const unit of fourth.units) {
      expect(Object.keys(fourth.chosen)).toContain(unit.chosen);
      if (unit.chosen === 'overlap-third') expect(thirdFresh.has(idOf(unit))).toBe(true);
      else expect(earlier.has(idOf(unit))).toBe(false);
    }
    expect(fourth.units.filter((unit) => unit.chosen === 'fresh')).toHaveLength(126);
    expect(fourth.units.filter((unit) => unit.chosen === 'overlap-third')).toHaveLength(30);
  });
});
