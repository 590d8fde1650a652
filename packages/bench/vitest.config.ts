import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@cairn/source'] },
  ssr: { resolve: { conditions: ['@cairn/source'] } },
  test: {
    name: 'bench',
    include: ['src/**/*.test.ts'],
  },
});
