import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { assertNoModuleMocking } from '../../scripts/vitest/module-mocking.js';

// The test files share one module registry per worker (isolate: false): the package and its
// framework are evaluated once per worker, not once per file. None mocks or reloads modules
// (checked here; such a file belongs in an isolated project, as core's vitest.isolated.config.ts).
assertNoModuleMocking(fileURLToPath(new URL('.', import.meta.url)), 'store-redis');

export default defineProject({
  resolve: { conditions: ['@cairn/source'] },
  ssr: { resolve: { conditions: ['@cairn/source'] } },
  test: {
    name: 'store-redis',
    include: ['src/**/*.test.ts'],
    isolate: false,
    globalSetup: ['src/test-support/redis-global-setup.ts'],
    testTimeout: 30_000,
  },
});
