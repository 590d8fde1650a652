import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, vi } from 'vitest';
import type * as Core from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { expectSameViews, viewTurnArbitrary } from '../test-support/same-views.js';

// Issue 17's speed work must not change what the model sees. This loads the engine twice: once
// as it is, once with the planning and the fitting passes swapped for their reference
// implementations (as they were before: full sorts, the object heap), and checks that both build
// the same views, turn after turn, over random sessions, budgets and sequences of queries (steady turns, new questions,
// repeated ones, appended messages). Anchor extraction has its own reference test
// (text/extract-anchors.reference.test.ts); the brief's caches memoise pure counts.

let fast: typeof Core;
let reference: typeof Core;

beforeAll(async () => {
  vi.resetModules();
  fast = await import('../index.js');
  vi.resetModules();
  vi.doMock('./plan-fidelities.js', () => import('./test-support/reference-plan-fidelities.js'));
  vi.doMock('./fit-plan.js', () => import('./test-support/reference-fit-plan.js'));
  reference = await import('../index.js');
  vi.doUnmock('./plan-fidelities.js');
  vi.doUnmock('./fit-plan.js');
  vi.resetModules();
});

describe('optimised planning and rendering against the reference implementations', () => {
  test.prop([arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }), fc.array(viewTurnArbitrary, { minLength: 1, maxLength: 12 }), fc.constantFrom('throw' as const, 'compress-mandatory' as const)], {
    numRuns: 40,
  })('every turn builds the same view as the reference planner', (session, turns, onBudgetExceeded) => {
    expectSameViews([fast, reference], session, turns, onBudgetExceeded);
  });
});
