import { describe, expect, it } from 'vitest';
import { STRATEGIES, STRATEGY_NAMES } from './index.js';

describe('STRATEGIES', () => {
  it('holds one strategy per name, named as its key', () => {
    expect(Object.keys(STRATEGIES).sort()).toEqual([...STRATEGY_NAMES].sort());
    for (const name of STRATEGY_NAMES) expect(STRATEGIES[name].name).toBe(name);
  });
});
