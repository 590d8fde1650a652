import { describe, expect, it } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import { CairnError } from '../log/index.js';
import { checkEngineOptions } from './check-engine-options.js';

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return CairnError.isInstance(error) ? error.code : 'RAW';
  }
  return undefined;
};

describe('checkEngineOptions', () => {
  it('refuses what createContextEngine refuses, with the same code, and accepts what it accepts', () => {
    const cases: Record<string, unknown>[] = [
      {},
      { budget: 2_000, hotUnits: 3 },
      { budget: -1 },
      { budget: Number.NaN },
      { tokenCounter: {} },
      { onBudgetExceeded: 'explode' },
      { hotUnits: -2 },
      { tenant: '../x' },
    ];
    for (const options of cases) {
      expect(codeOf(() => checkEngineOptions(options)), JSON.stringify(options)).toBe(codeOf(() => createContextEngine(options)));
    }
    expect(codeOf(() => checkEngineOptions({ budget: -1 }))).toBeDefined();
  });
});
