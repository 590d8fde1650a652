import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createContextEngine, type ContextEngine } from './context-engine.js';
import type { ContextEngineOptions } from '../options/index.js';
import { restoreContextEngine } from './restore-context-engine.js';
import { createCharTokenCounter } from '../log/index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { assembleChecked, plain } from '../test-support/check-view.js';

const chars = createCharTokenCounter();

/** One step of a zooming agent: consult or shelve some pages (by index into the log), or a turn. */
const stepArbitrary = fc.oneof(
  fc.record({ kind: fc.constant('consult' as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), reason: fc.string({ maxLength: 80 }) }),
  fc.record({ kind: fc.constant('shelve' as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), reason: fc.string({ maxLength: 80 }) }),
  fc.record({ kind: fc.constant('assemble' as const), budget: fc.integer({ min: 60, max: 6_000 }), query: fc.option(fc.constantFrom('refund for ORD-4821', 'why did run_tests fail'), { nil: undefined }) }),
);

type Step = typeof stepArbitrary extends fc.Arbitrary<infer T> ? T : never;

function apply(engine: ContextEngine, step: Step, ids: readonly string[], options: ContextEngineOptions): unknown {
  if (step.kind === 'assemble') {
    const request = step.query === undefined ? { budget: step.budget } : { budget: step.budget, query: step.query };
    const outcome = assembleChecked(engine, request, { counter: chars, budget: step.budget, onBudgetExceeded: options.onBudgetExceeded }, options);
    return outcome.ok ? plain(outcome.result) : outcome.error.code;
  }
  const picked = step.picks.map((pick) => ids[pick % ids.length]!);
  return step.kind === 'consult' ? engine.consult({ ids: picked, reason: step.reason }) : engine.shelve({ ids: picked, reason: step.reason });
}

describe('pages and zoom: invariants under any consult / shelve sequence', () => {
  test.prop(
    {
      session: arbitrarySession({ minTurns: 4, maxTurns: 24 }),
      steps: fc.array(stepArbitrary, { minLength: 2, maxLength: 14 }),
      onBudgetExceeded: fc.constantFrom('throw' as const, 'compress-mandatory' as const),
    },
    { numRuns: 40 },
  )('views stay valid within budget (checkView), twins agree, and a restored copy sees the same', ({ session, steps, onBudgetExceeded }) => {
    const options: ContextEngineOptions = { tokenCounter: chars, onBudgetExceeded, sessionId: 'prop' };
    const engine = createContextEngine(options);
    const twin = createContextEngine(options);
    engine.ingest(session);
    twin.ingest(session);
    const ids = session.map((message) => message.id);
    const pageIds = engine.listPages().map((page) => page.id);
    for (const step of steps) {
      const restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), options);
      const mine = apply(engine, step, ids, options);
      // Same input, same output; a restored copy is the same engine.
      expect(JSON.parse(JSON.stringify(apply(twin, step, ids, options)))).toEqual(JSON.parse(JSON.stringify(mine)));
      if (step.kind === 'assemble') expect(JSON.parse(JSON.stringify(apply(restored, step, ids, options)))).toEqual(JSON.parse(JSON.stringify(mine)));
      expect(restored.listPages().map((page) => page.id)).toEqual(pageIds);
    }
    // Nothing stored is lost by zooming.
    expect(engine.getMessages().map((message) => message.id)).toEqual(ids);
  });
});
