import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, vi } from 'vitest';
import type * as Core from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { expectSameViews, viewTurnArbitrary } from '../test-support/same-views.js';

// A compressed rendering takes its content's token count from the message's cached count
// (issue 17); the engine loaded with that shortcut taken out (the content counted again) must
// build the same views.

let fast: typeof Core;
let reference: typeof Core;

beforeAll(async () => {
  vi.resetModules();
  fast = await import('../index.js');
  vi.resetModules();
  vi.doMock('./token-counter.js', async (importOriginal) => ({ ...(await importOriginal<typeof import('./token-counter.js')>()), contentTokensOf: () => undefined }));
  reference = await import('../index.js');
  vi.doUnmock('./token-counter.js');
  vi.resetModules();
});

describe('compressed renderings with the cached content count against counting it', () => {
  test.prop([arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }), fc.array(viewTurnArbitrary, { minLength: 1, maxLength: 12 }), fc.constantFrom('throw' as const, 'compress-mandatory' as const)], {
    numRuns: 30,
  })('every turn builds the same view', (session, turns, onBudgetExceeded) => expectSameViews([fast, reference], session, turns, onBudgetExceeded));
});
