import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, vi } from 'vitest';
import type * as Core from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { expectSameSteadyTurns, steadyRunArbitraries } from '../test-support/same-steady-turns.js';

// A full rescore scores all units in one pass (unitScores: tool relevance per set of call names,
// recency from a table), which must give every unit the score the parts object and the combiner
// give (issue 17, steady turns). This loads the engine twice, once as it is and once scoring unit
// by unit through the parts object (test-support/reference-unit-scores.ts), and checks the views
// and every unit's score, bit for bit.

let fast: typeof Core;
let reference: typeof Core;

beforeAll(async () => {
  vi.resetModules();
  fast = await import('../index.js');
  vi.resetModules();
  vi.doMock('./unit-scores.js', () => import('./test-support/reference-unit-scores.js'));
  reference = await import('../index.js');
  vi.doUnmock('./unit-scores.js');
  vi.resetModules();
});

describe('scoring all units in one pass', () => {
  test.prop([arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }), ...steadyRunArbitraries], { numRuns: 30 })(
    'every turn, across pins and restores, shows and decides what the engine without the shortcut does',
    (session, steps, onBudgetExceeded, steadyRepeats) => {
      expectSameSteadyTurns([fast, reference], session, steps, onBudgetExceeded, steadyRepeats);
    },
  );
});
