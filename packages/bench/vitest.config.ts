import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { assertNoModuleMocking } from '../../scripts/vitest/module-mocking.js';

// The test files share one module registry per worker (isolate: false): the package and its
// framework are evaluated once per worker, not once per file. None mocks or reloads modules
// (checked here; such a file belongs in an isolated project, as core's vitest.isolated.config.ts).
assertNoModuleMocking(fileURLToPath(new URL('.', import.meta.url)), 'bench');

export default defineProject({
  resolve: { conditions: ['@cairn/source'] },
  ssr: { resolve: { conditions: ['@cairn/source'] } },
  test: {
    name: 'bench',
    include: ['src/**/*.test.ts'],
    isolate: false,
    // As the other packages: property tests and the synthetic benchmark run must not fail on time
    // on a loaded machine (two files passed 5 s, vitest's default, in a CI run at load average 30).
    testTimeout: 30_000,
  },
});
