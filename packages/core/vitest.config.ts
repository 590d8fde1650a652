import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { moduleMockingTests } from '../../scripts/vitest/module-mocking.js';

// Core's tests share one module registry per worker (isolate: false): each file no longer
// re-evaluates the engine's ~400 modules, which was half of the project's time. Core has no
// module-level state a test can leave behind (deterministic, no I/O, no timers). The files that
// mock or reload modules (the reference tests' second engine build, `vi.doMock`) run isolated in
// vitest.isolated.config.ts; `npm test` (the root's projects) runs both.
export const isolatedTests = moduleMockingTests(fileURLToPath(new URL('.', import.meta.url)));

export default defineProject({
  resolve: { conditions: ['@cairn/source'] },
  test: {
    name: 'core',
    include: ['src/**/*.test.ts'],
    exclude: isolatedTests,
    isolate: false,
    // Property tests replay long random sessions; a loaded machine must not fail them on time.
    testTimeout: 30_000,
  },
});
