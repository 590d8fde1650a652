import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@cairn/source'] },
  ssr: { resolve: { conditions: ['@cairn/source'] } },
  test: {
    projects: ['packages/*/vitest.config.ts', 'examples/*/vitest.config.ts'],
  },
});
