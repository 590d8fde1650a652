import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, vi } from 'vitest';
import type * as Core from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { expectSameSteadyTurns, steadyRunArbitraries } from '../test-support/same-steady-turns.js';

// The render cache compares unit versions only from the first unit a message appended or a
// summary recorded since could have changed (issue 17, steady turns). That must not change a view:
// this loads the engine twice, once as it is and once comparing every unit's version
// (test-support/reference-render-cache-versions.ts).

let fast: typeof Core;
let reference: typeof Core;

beforeAll(async () => {
  vi.resetModules();
  fast = await import('../index.js');
  vi.resetModules();
  vi.doMock('./render-cache-versions.js', () => import('./test-support/reference-render-cache-versions.js'));
  reference = await import('../index.js');
  vi.doUnmock('./render-cache-versions.js');
  vi.resetModules();
});

describe('comparing versions only where a unit can have changed', () => {
  test.prop([arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }), ...steadyRunArbitraries], { numRuns: 30 })(
    'every turn, across pins and restores, shows and decides what the engine without the shortcut does',
    (session, steps, onBudgetExceeded, steadyRepeats) => {
      expectSameSteadyTurns([fast, reference], session, steps, onBudgetExceeded, steadyRepeats);
    },
  );
});
