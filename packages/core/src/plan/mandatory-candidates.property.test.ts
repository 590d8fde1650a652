import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import type { EngineState } from '../render/index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { mandatoryCandidates, pinnedUnits } from './mandatory-candidates.js';
import { mandatoryReason } from './plan-values.js';

/** Checks the candidates and pinned units of `state` against every unit. */
function expectExact(state: EngineState): void {
  const { units } = state.log;
  expect(pinnedUnits(state)).toEqual(units.flatMap((unit, index) => (unit.pinned ? [index] : [])));
  const candidates = mandatoryCandidates(state);
  if (candidates === undefined) return;
  // Ascending, no repeats, every unit with a mandatory reason among them.
  for (let at = 1; at < candidates.length; at++) expect(candidates[at]!).toBeGreaterThan(candidates[at - 1]!);
  const asked = new Set(candidates);
  for (let index = 0; index < units.length; index++) if (!asked.has(index)) expect(mandatoryReason(state, index)).toBeUndefined();
}

describe('mandatoryCandidates', () => {
  test.prop([arbitrarySession({ deferResults: true, dropResults: true }), fc.array(fc.nat(), { maxLength: 3 }), fc.array(fc.nat(), { maxLength: 3 }), fc.integer({ min: 0, max: 6 }), fc.nat()], { numRuns: 80 })(
    'holds every unit that has a mandatory reason, and pinned units are the pinned ones, across pins and appends',
    (messages, firstPins, laterPins, hotUnits, split) => {
      const engine = createContextEngine({ hotUnits });
      const state = (engine as unknown as { state: EngineState }).state;
      const head = messages.length === 0 ? 0 : split % (messages.length + 1);
      engine.ingest(messages.slice(0, head));
      expectExact(state);
      if (head > 0) engine.pin(firstPins.map((at) => messages[at % head]!.id));
      expectExact(state);
      engine.ingest(messages.slice(head));
      expectExact(state);
      if (messages.length > 0) engine.pin(laterPins.map((at) => messages[at % messages.length]!.id));
      expectExact(state);
    },
  );
});
