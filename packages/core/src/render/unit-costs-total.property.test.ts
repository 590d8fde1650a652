import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import { renderContext } from '../plan/index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import type { EngineState } from './engine-state.js';
import { createUnitCosts } from './unit-costs.js';

describe('fullTotal from the log’s running sum', () => {
  test.prop([arbitrarySession(), fc.array(fc.nat(), { maxLength: 4 })], { numRuns: 80 })(
    'equals the sum of every unit’s full cost after each batch (open calls, late and orphan results included)',
    (messages, cuts) => {
      const engine = createContextEngine();
      const state = (engine as unknown as { state: EngineState }).state;
      const points = [...new Set(cuts.map((cut) => cut % (messages.length + 1)))].sort((a, b) => a - b);
      let from = 0;
      for (const to of [...points, messages.length]) {
        if (to > from) engine.ingest(messages.slice(from, to));
        from = Math.max(from, to);
        const { log } = state;
        const costs = createUnitCosts(log.units, renderContext(state));
        let expected = 0;
        for (let index = 0; index < log.units.length; index++) expected += costs.full(index);
        expect(costs.fullTotal()).toBe(expected);
        // The same total over a copy of the units (the plain pass).
        expect(createUnitCosts([...log.units], renderContext(state)).fullTotal()).toBe(expected);
      }
    },
  );
});
