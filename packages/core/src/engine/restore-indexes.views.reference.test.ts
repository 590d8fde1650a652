import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, vi } from 'vitest';
import type * as Core from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { expectSameSteadyTurns, steadyRunArbitraries } from '../test-support/same-steady-turns.js';

// A restored engine builds, at restore, the derived indexes and caches the engine it came from held
// (the term index, tool keys, every settled unit's placeholder and compressed estimate, referrers,
// dialogue cues, speakers, the run index, the units' message ids), so that its first view does not
// (issue 17, the first view after a restore). That must not change a view: this loads the engine
// twice, once as it is and once building nothing at restore (test-support/reference-restore-indexes.ts),
// and restores both between turns, with the Background_Context block and page ids on or off.

let fast: typeof Core;
let reference: typeof Core;

beforeAll(async () => {
  vi.resetModules();
  fast = await import('../index.js');
  vi.resetModules();
  vi.doMock('./restore-indexes.js', () => import('./test-support/reference-restore-indexes.js'));
  reference = await import('../index.js');
  vi.doUnmock('./restore-indexes.js');
  vi.resetModules();
});

const extras = fc.constantFrom<Omit<Core.ContextEngineOptions, 'tokenCounter' | 'onBudgetExceeded'>>(
  {},
  { pages: { consolidation: { background: true } } },
  { pages: { showPageIds: true } },
);
const [steps, onBudgetExceeded, steadyRepeats] = steadyRunArbitraries;
// Restores are what this checks: every other step restores both engines first.
const restoringSteps = steps.map((list) => list.map((step, index) => ({ ...step, restore: step.restore || index % 2 === 1 })));

describe('building derived indexes at restore', () => {
  test.prop([arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }), restoringSteps, onBudgetExceeded, steadyRepeats, extras], { numRuns: 30 })(
    'every turn after a restore shows and decides what an engine that builds them in its first view does',
    (session, list, policy, repeats, extra) => {
      expectSameSteadyTurns([fast, reference], session, list, policy, repeats, extra);
    },
  );
});
