import { defineProject } from 'vitest/config';
import { isolatedTests } from './vitest.config.js';

// Core's test files that mock or reload modules (see vitest.config.ts), each in its own module
// registry, as vitest runs files by default.
export default defineProject({
  resolve: { conditions: ['@cairn/source'] },
  test: {
    name: 'core-isolated',
    include: isolatedTests,
    isolate: true,
    testTimeout: 30_000,
  },
});
