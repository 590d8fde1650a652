import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { CostMultiset } from './cost-multiset.js';

// The multiset the upgrade pass keeps its pending step costs in: after any sequence of adds and
// removes (of values held), its least value is the least of what a plain list holds.

const operations = fc.array(fc.record({ add: fc.boolean(), value: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 16_380, max: 16_390 }), fc.double({ min: 0.5, max: 500, noNaN: true })), pick: fc.nat() }), { maxLength: 200 });

describe('CostMultiset', () => {
  test.prop([operations])('least() is the least value held, Infinity when empty', (steps) => {
    const multiset = new CostMultiset();
    const held: number[] = [];
    for (const step of steps) {
      if (step.add || held.length === 0) {
        multiset.add(step.value);
        held.push(step.value);
      } else {
        const [value] = held.splice(step.pick % held.length, 1);
        multiset.remove(value!);
      }
      expect(multiset.least()).toBe(held.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...held));
    }
  });
});
