import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@cairn/source'] },
  ssr: { resolve: { conditions: ['@cairn/source'] } },
  test: {
    // vitest.isolated.config.ts: a package's test files that mock modules, apart from its others.
    projects: ['packages/*/vitest.config.ts', 'packages/*/vitest.isolated.config.ts', 'examples/*/vitest.config.ts'],
  },
});
