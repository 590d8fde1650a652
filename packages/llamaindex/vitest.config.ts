import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { assertNoModuleMocking } from '../../scripts/vitest/module-mocking.js';

// llamaindex 0.12 ships its `agent()` API in @llamaindex/workflow, which npm installs nested
// under llamaindex (it is not a dependency of this package); the agent tests reach it here.
const workflow = fileURLToPath(new URL('../../node_modules/llamaindex/node_modules/@llamaindex/workflow/dist/index.js', import.meta.url));

// The test files share one module registry per worker (isolate: false): the package and its
// framework are evaluated once per worker, not once per file. None mocks or reloads modules
// (checked here; such a file belongs in an isolated project, as core's vitest.isolated.config.ts).
assertNoModuleMocking(fileURLToPath(new URL('.', import.meta.url)), 'llamaindex');

export default defineProject({
  resolve: { conditions: ['@cairn/source'], alias: { '@llamaindex/workflow': workflow } },
  ssr: { resolve: { conditions: ['@cairn/source'] } },
  test: {
    name: 'llamaindex',
    include: ['src/**/*.test.ts'],
    isolate: false,
    testTimeout: 30_000,
  },
});
