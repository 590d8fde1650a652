import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, vi } from 'vitest';
import type * as Core from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { expectSameSteadyTurns, steadyRunArbitraries } from '../test-support/same-steady-turns.js';

// Planning asks only the units that can be mandatory (pinned, system, latest user turn, hot set,
// last unit) why they are, and counts resource classes without reading every unit (issue 17,
// steady turns). That must not change a view: this loads the engine twice, once as it is and once
// asking every unit and finding pinned units by reading the whole log each time
// (test-support/reference-mandatory-candidates.ts).

let fast: typeof Core;
let reference: typeof Core;

beforeAll(async () => {
  vi.resetModules();
  fast = await import('../index.js');
  vi.resetModules();
  vi.doMock('./mandatory-candidates.js', () => import('./test-support/reference-mandatory-candidates.js'));
  reference = await import('../index.js');
  vi.doUnmock('./mandatory-candidates.js');
  vi.resetModules();
});

describe('asking only the units that can be mandatory', () => {
  test.prop([arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }), ...steadyRunArbitraries], { numRuns: 30 })(
    'every turn, across pins and restores, shows and decides what the engine without the shortcut does',
    (session, steps, onBudgetExceeded, steadyRepeats) => {
      expectSameSteadyTurns([fast, reference], session, steps, onBudgetExceeded, steadyRepeats);
    },
  );
});
