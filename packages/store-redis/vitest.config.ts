import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@cairn/source'] },
  ssr: { resolve: { conditions: ['@cairn/source'] } },
  test: {
    name: 'store-redis',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test-support/redis-global-setup.ts'],
    testTimeout: 30_000,
  },
});
