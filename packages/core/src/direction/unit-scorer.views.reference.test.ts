import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, vi } from 'vitest';
import type * as Core from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { expectSameViews, viewTurnArbitrary } from '../test-support/same-views.js';

// The scorer without a parts object per unit (issue 17) against the one it replaced (a parts
// object per unit, then the combiner), view by view: the engine is loaded twice, once with the
// reference scorer mocked in (and the one-pass scorer of a full rescore, unit-scores.ts, taken
// out: its reference scores unit by unit through that reference scorer).

let fast: typeof Core;
let reference: typeof Core;

beforeAll(async () => {
  vi.resetModules();
  fast = await import('../index.js');
  vi.resetModules();
  vi.doMock('./unit-scorer.js', () => import('./test-support/reference-unit-scorer.js'));
  vi.doMock('./unit-scores.js', () => import('./test-support/reference-unit-scores.js'));
  reference = await import('../index.js');
  vi.doUnmock('./unit-scorer.js');
  vi.doUnmock('./unit-scores.js');
  vi.resetModules();
});

describe('the unit scorer against the reference scorer', () => {
  test.prop([arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }), fc.array(viewTurnArbitrary, { minLength: 1, maxLength: 12 }), fc.constantFrom('throw' as const, 'compress-mandatory' as const)], {
    numRuns: 30,
  })('every turn builds the same view', (session, turns, onBudgetExceeded) => expectSameViews([fast, reference], session, turns, onBudgetExceeded));
});
