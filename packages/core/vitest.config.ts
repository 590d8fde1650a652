import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@cairn/source'] },
  test: {
    name: 'core',
    include: ['src/**/*.test.ts'],
    // Property tests replay long random sessions; a loaded machine must not fail them on time.
    testTimeout: 30_000,
  },
});
