import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@cairn/source'] },
  ssr: { resolve: { conditions: ['@cairn/source'] } },
  test: {
    name: 'example-ai-sdk-agent',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
