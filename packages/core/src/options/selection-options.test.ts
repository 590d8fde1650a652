import { describe, expect, it } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import { CairnError } from '../log/index.js';
import { DEFAULT_SELECTION_OPTIONS, resolveSelectionOptions } from './selection-options.js';

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return CairnError.isInstance(error) ? error.code : 'RAW';
  }
  return undefined;
};

describe('resolveSelectionOptions', () => {
  it('applies the default floor of 50 tokens, and keeps a given one (0 turns it off)', () => {
    expect(resolveSelectionOptions(undefined)).toEqual({ shortUnitTokens: 50 });
    expect(DEFAULT_SELECTION_OPTIONS.shortUnitTokens).toBe(50);
    expect(resolveSelectionOptions({})).toEqual({ shortUnitTokens: 50 });
    expect(resolveSelectionOptions({ shortUnitTokens: 0 })).toEqual({ shortUnitTokens: 0 });
    expect(resolveSelectionOptions({ shortUnitTokens: 12.5 })).toEqual({ shortUnitTokens: 12.5 });
  });

  it('refuses a value that is not an object or a floor that is not a number from 0 to 1e6, as createContextEngine does', () => {
    for (const bad of [null, 3, 'big'] as unknown[]) expect(codeOf(() => resolveSelectionOptions(bad as never))).toBe('INVALID_OPTIONS');
    for (const shortUnitTokens of [-1, Number.NaN, Number.POSITIVE_INFINITY, 2_000_000, '50'] as unknown[]) {
      expect(codeOf(() => resolveSelectionOptions({ shortUnitTokens } as never)), String(shortUnitTokens)).toBe('INVALID_OPTIONS');
      expect(codeOf(() => createContextEngine({ selection: { shortUnitTokens } as never }))).toBe('INVALID_OPTIONS');
    }
    expect(codeOf(() => createContextEngine({ selection: { shortUnitTokens: 0 } }))).toBeUndefined();
  });
});
