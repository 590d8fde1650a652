import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import type { EngineState } from '../render/index.js';
import type { ResourceClass } from '../sovereignty/index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { resourceClassCounts, unitResourceClasses } from './unit-resource-class.js';

const CLASSES: readonly ResourceClass[] = ['droppable', 'required', 'preserved'];

describe('resourceClassCounts', () => {
  test.prop(
    [
      arbitrarySession(),
      fc.array(fc.tuple(fc.nat(), fc.constantFrom(...CLASSES)), { maxLength: 6 }),
      fc.array(fc.nat(), { maxLength: 3 }),
      fc.constantFrom('compress-mandatory', 'throw'),
      fc.integer({ min: 0, max: 6 }),
    ],
    { numRuns: 60 },
  )('counts what tallying every unit’s class counts (tags, pins, hot set, open calls)', (messages, tags, pins, onBudgetExceeded, hotUnits) => {
    const engine = createContextEngine({ onBudgetExceeded: onBudgetExceeded as 'throw', hotUnits });
    engine.ingest(messages);
    if (messages.length > 0) {
      for (const [at, resourceClass] of tags) {
        try {
          engine.tag([messages[at % messages.length]!.id], resourceClass);
        } catch {
          // A demotion (classes only go up): the tag is refused, the others stand.
        }
      }
      engine.pin(pins.map((at) => messages[at % messages.length]!.id));
    }
    const state = (engine as unknown as { state: EngineState }).state;
    const tally: Record<ResourceClass, number> = { droppable: 0, required: 0, preserved: 0 };
    for (const resourceClass of unitResourceClasses(state)) tally[resourceClass]++;
    expect(resourceClassCounts(state)).toEqual(tally);
  });
});
