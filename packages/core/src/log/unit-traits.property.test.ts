import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createBpeTokenCounter, createContextEngine, restoreContextEngine, type ContextEngine } from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import type { SessionLog } from './session-log.js';
import { UnitTraits } from './unit-traits.js';

// A full rescore reads each unit's kind, pinned and error flags and work phase from the log's
// trait codes (`log.traits`), not from the unit: the codes must say what the units hold after
// every change — units opened, late results (failed ones flip isError and the work phase), pins
// by id and by a PRESERVED tag, and restores from snapshots.

const logOf = (engine: ContextEngine) => (engine as unknown as { state: { log: SessionLog } }).state.log;

function expectTraitsCurrent(engine: ContextEngine): void {
  const log = logOf(engine);
  const fresh = new UnitTraits();
  for (const unit of log.units) fresh.record(unit);
  expect(log.traits.size).toBe(log.units.length);
  for (const name of ['kinds', 'flags', 'phases'] as const) expect([...log.traits[name].subarray(0, log.units.length)]).toEqual([...fresh[name].subarray(0, log.units.length)]);
}

const step = fc.record({
  ingest: fc.integer({ min: 1, max: 12 }),
  pin: fc.option(fc.double({ min: 0, max: 0.999, noNaN: true }), { nil: undefined, freq: 3 }),
  preserve: fc.option(fc.double({ min: 0, max: 0.999, noNaN: true }), { nil: undefined, freq: 4 }),
  restore: fc.boolean(),
});

describe('unit traits', () => {
  test.prop([arbitrarySession({ minTurns: 4, maxTurns: 24, deferResults: true, dropResults: true }), fc.array(step, { minLength: 1, maxLength: 10 })], { numRuns: 60 })(
    'say what every unit holds after each ingest, pin, tag and restore',
    (session, steps) => {
      const options = { tokenCounter: createBpeTokenCounter() };
      let engine = createContextEngine(options);
      let logged = 0;
      for (const { ingest, pin, preserve, restore } of steps) {
        const next = Math.min(session.length, logged + ingest);
        if (next > logged) engine.ingest(session.slice(logged, next));
        logged = next;
        if (logged > 0 && pin !== undefined) engine.pin([session[Math.floor(pin * logged)]!.id]);
        if (logged > 0 && preserve !== undefined) engine.tag([session[Math.floor(preserve * logged)]!.id], 'preserved');
        expectTraitsCurrent(engine);
        if (restore) {
          engine = restoreContextEngine(engine.snapshot(), options);
          expectTraitsCurrent(engine);
        }
      }
    },
  );
});
