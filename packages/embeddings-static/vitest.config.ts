import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@cairn/source'] },
  ssr: { resolve: { conditions: ['@cairn/source'] } },
  test: {
    name: 'embeddings-static',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
