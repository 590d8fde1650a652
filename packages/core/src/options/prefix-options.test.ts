import { describe, expect, it } from 'vitest';
import { CairnError } from '../log/index.js';
import { DEFAULT_PREFIX_OPTIONS, resolvePrefixOptions } from './prefix-options.js';
import { resolveOptions } from './resolve-options.js';

function code(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return CairnError.isInstance(error) ? error.code : String(error);
  }
  return undefined;
}

describe('the prefix option', () => {
  it('defaults to cache-aware planning that frees tokens past 95% of the budget', () => {
    expect(DEFAULT_PREFIX_OPTIONS).toEqual({ cacheAware: true, compactAt: 0.95, brief: 'sticky', briefChanges: 'chained', briefLines: 'settled', compactTo: 0.5 });
    expect(resolveOptions({}).prefix).toEqual({ cacheAware: true, compactAt: 0.95, brief: 'sticky', briefChanges: 'chained', briefLines: 'settled', compactTo: 0.5 });
    expect(resolveOptions({ prefix: { cacheAware: false } }).prefix).toEqual({ cacheAware: false, compactAt: 0.95, brief: 'sticky', briefChanges: 'chained', briefLines: 'settled', compactTo: 0.5 });
    expect(resolveOptions({ prefix: { compactAt: 0.8 } }).prefix).toEqual({ cacheAware: true, compactAt: 0.8, brief: 'sticky', briefChanges: 'chained', briefLines: 'settled', compactTo: 0.5 });
    expect(resolveOptions({ prefix: { brief: 'end', compactTo: 0.4 } }).prefix).toEqual({ cacheAware: true, compactAt: 0.95, brief: 'end', briefChanges: 'chained', briefLines: 'settled', compactTo: 0.4 });
  });

  it('frees down to half the budget unless told (compactTo: 0.7, the yellow level, as before), never above compactAt', () => {
    expect(resolveOptions({ pressure: { yellow: 0.3, red: 0.4 }, prefix: { compactAt: 0.45 } }).prefix.compactTo).toBe(0.45);
    expect(resolveOptions({ prefix: { compactAt: 0.75, compactTo: 0.75 } }).prefix.compactTo).toBe(0.75);
  });

  it('never frees below what it frees down to: compactAt follows a yellow level set above 0.95', () => {
    expect(resolveOptions({ pressure: { yellow: 0.97, red: 0.99 } }).prefix.compactAt).toBe(0.97);
  });

  it('rejects bad values with INVALID_OPTIONS', () => {
    expect(code(() => resolvePrefixOptions('yes' as never, 0.7))).toBe('INVALID_OPTIONS');
    expect(code(() => resolvePrefixOptions({ cacheAware: 1 as never }, 0.7))).toBe('INVALID_OPTIONS');
    expect(code(() => resolvePrefixOptions({ compactAt: 0.5 }, 0.7))).toBe('INVALID_OPTIONS');
    expect(code(() => resolvePrefixOptions({ compactAt: 1.2 }, 0.7))).toBe('INVALID_OPTIONS');
    expect(code(() => resolvePrefixOptions({ compactAt: Number.NaN }, 0.7))).toBe('INVALID_OPTIONS');
    expect(code(() => resolveOptions({ prefix: { compactAt: 0.2 } }))).toBe('INVALID_OPTIONS');
    expect(code(() => resolvePrefixOptions({ brief: 'first' as never }, 0.7))).toBe('INVALID_OPTIONS');
    expect(code(() => resolvePrefixOptions({ briefChanges: 'hidden' as never }, 0.7))).toBe('INVALID_OPTIONS');
    expect(code(() => resolvePrefixOptions({ briefLines: 'coarse' as never }, 0.7))).toBe('INVALID_OPTIONS');
    expect(resolvePrefixOptions({ briefChanges: 'appended', briefLines: 'exact' }, 0.7)).toMatchObject({ briefChanges: 'appended', briefLines: 'exact' });
    expect(code(() => resolvePrefixOptions({ compactTo: 0 }, 0.7))).toBe('INVALID_OPTIONS');
    expect(code(() => resolvePrefixOptions({ compactAt: 0.9, compactTo: 0.92 }, 0.7))).toBe('INVALID_OPTIONS');
    expect(code(() => resolvePrefixOptions({ compactTo: Number.NaN }, 0.7))).toBe('INVALID_OPTIONS');
  });
});
