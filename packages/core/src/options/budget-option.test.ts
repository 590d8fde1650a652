import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { checkBudgetOption, resolveBudgetOption } from './budget-option.js';
import { DEFAULT_BUDGET } from './engine-options.js';
import { CairnError } from '../log/index.js';

const code = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return CairnError.isInstance(error) ? error.code : 'RAW';
  }
  return undefined;
};

describe('budget options', () => {
  it('takes tokens as a number and a share only as { fraction }', () => {
    expect(resolveBudgetOption('t', 2_000, undefined)).toBe(2_000);
    expect(resolveBudgetOption('t', undefined, undefined)).toBe(DEFAULT_BUDGET);
    expect(resolveBudgetOption('t', { fraction: 0.5 }, 128_000)).toBe(64_000);
    expect(resolveBudgetOption('t', { fraction: 1 }, 8_000)).toBe(8_000);
    expect(resolveBudgetOption('t', 1, undefined)).toBe(1);
  });

  it('refuses a number below one token, naming the { fraction } form', () => {
    expect(() => checkBudgetOption('cairnMiddleware', 0.5)).toThrow(/\{ fraction: 0.5 \}/);
    expect(code(() => checkBudgetOption('t', 0.5))).toBe('INVALID_OPTIONS');
  });

  it('refuses strings, NaN, negatives, fractions out of range and a fraction without a window', () => {
    for (const bad of ['2000', Number.NaN, -5, 0, Infinity, 12.5, null, [], { fraction: 0 }, { fraction: 1.5 }, { fraction: '0.5' }, { fraction: 0.5, extra: 1 }, {}]) {
      expect(code(() => checkBudgetOption('t', bad)), JSON.stringify(bad)).toBe('INVALID_OPTIONS');
    }
    expect(() => checkBudgetOption('t', '2000')).toThrow(/got the string "2000"/);
    expect(code(() => resolveBudgetOption('t', { fraction: 0.5 }, undefined))).toBe('INVALID_OPTIONS');
    expect(code(() => resolveBudgetOption('t', { fraction: 0.5 }, 0))).toBe('INVALID_OPTIONS');
    expect(code(() => resolveBudgetOption('t', { fraction: 0.5 }, '8000'))).toBe('INVALID_OPTIONS');
  });

  test.prop([fc.anything()])('any value resolves to a positive whole number of tokens or a typed error', (value) => {
    let tokens: number | undefined;
    try {
      tokens = resolveBudgetOption('t', value, 100_000);
    } catch (error) {
      expect(CairnError.isInstance(error) && error.code === 'INVALID_OPTIONS').toBe(true);
      return;
    }
    expect(Number.isInteger(tokens) && tokens >= 1).toBe(true);
  });
});
