import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// llamaindex 0.12 ships its `agent()` API in @llamaindex/workflow, which npm installs nested
// under llamaindex (it is not a dependency of this package); the agent tests reach it here.
const workflow = fileURLToPath(new URL('../../node_modules/llamaindex/node_modules/@llamaindex/workflow/dist/index.js', import.meta.url));

export default defineProject({
  resolve: { conditions: ['@cairn/source'], alias: { '@llamaindex/workflow': workflow } },
  ssr: { resolve: { conditions: ['@cairn/source'] } },
  test: {
    name: 'llamaindex',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
