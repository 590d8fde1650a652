import { describe, expect, it } from 'vitest';
import { expectWellFormedLabels, idOf, readLabelFile } from './test-support/label-files.js';

const third = readLabelFile('loop-labels-third.json');
const second = readLabelFile('loop-labels-second.json');
const first = readLabelFile('loop-labels.json');

describe('the third labeller’s loop labels', () => {
  it('label each unit once by the second labeller’s rule, with a labeller and a short note (ids and notes only, no copied data)', () => {
    expectWellFormedLabels(third, second.rule, /third labeller/);
  });

  it('draw fresh units from those neither earlier labeller read, and the overlap only from the second’s units', () => {
    const earlier = new Set([...first.units, ...second.units].map(idOf));
    const secondIds = new Set(second.units.map(idOf));
    for (const unit of third.units) {
      expect(Object.keys(third.chosen)).toContain(unit.chosen);
      if (unit.chosen === 'overlap') expect(secondIds.has(idOf(unit))).toBe(true);
      else expect(earlier.has(idOf(unit))).toBe(false);
    }
    expect(third.units.filter((unit) => unit.chosen === 'random')).toHaveLength(90);
    expect(third.units.filter((unit) => unit.chosen === 'overlap')).toHaveLength(25);
  });
});
