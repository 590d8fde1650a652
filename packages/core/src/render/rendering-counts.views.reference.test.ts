import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, vi } from 'vitest';
import type * as Core from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { expectSameViews, viewTurnArbitrary } from '../test-support/same-views.js';

// Rendering counts placeholder runs, placeholders and compressed texts by remembered words when
// the counter adds up at spaces, and planning keeps compressed estimates across turns (issue 17).
// That must not change a view: this loads the engine twice, once as it is and once counting every
// text whole and estimating every unit afresh each turn (test-support/reference-run-tokens.ts,
// reference-unit-costs.ts), and checks that both build the same views turn after turn, with the
// default o200k counter.

let fast: typeof Core;
let reference: typeof Core;

beforeAll(async () => {
  vi.resetModules();
  fast = await import('../index.js');
  vi.resetModules();
  vi.doMock('./run-tokens.js', () => import('./test-support/reference-run-tokens.js'));
  vi.doMock('./unit-costs.js', () => import('./test-support/reference-unit-costs.js'));
  reference = await import('../index.js');
  vi.doUnmock('./run-tokens.js');
  vi.doUnmock('./unit-costs.js');
  vi.resetModules();
});

describe('counting rendered texts by remembered words', () => {
  test.prop([arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }), fc.array(viewTurnArbitrary, { minLength: 1, maxLength: 12 }), fc.constantFrom('throw' as const, 'compress-mandatory' as const)], {
    numRuns: 40,
  })('every turn builds the same view as counting each text whole', (session, turns, onBudgetExceeded) => {
    expectSameViews([fast, reference], session, turns, onBudgetExceeded);
  });
});
