import { describe, expect, it } from 'vitest';
import { CairnError, checkEngineOptions, createCharTokenCounter, createContextEngine, DEFAULT_MAX_DEAD_ENDS, restoreContextEngine, type CairnMessage } from '../index.js';

const options = { tokenCounter: createCharTokenCounter(), onBudgetExceeded: 'compress-mandatory' as const };

/** `count` distinct calls, each failing once. */
function failures(count: number, from = 0): CairnMessage[] {
  return Array.from({ length: count }, (_, offset) => {
    const index = from + offset;
    return [
      { id: `a${index}`, role: 'assistant', content: '', toolCalls: [{ id: `c${index}`, name: 'lookup', arguments: { key: `k${index}` } }] },
      { id: `t${index}`, role: 'tool', toolCallId: `c${index}`, name: 'lookup', content: `KeyError: k${index}`, isError: true },
    ] satisfies CairnMessage[];
  }).flat();
}

describe('deadEndRegistry.maxDeadEnds (the registry bound as an engine option)', () => {
  it(`defaults to ${DEFAULT_MAX_DEAD_ENDS}`, () => {
    const engine = createContextEngine(options);
    engine.ingest(failures(DEFAULT_MAX_DEAD_ENDS + 5));
    expect(engine.listDeadEnds()).toHaveLength(DEFAULT_MAX_DEAD_ENDS);
  });

  it('bounds the registry of an engine, the newest dead end kept and still flagged', () => {
    const engine = createContextEngine({ ...options, deadEndRegistry: { maxDeadEnds: 5 } });
    engine.ingest(failures(12));
    expect(engine.listDeadEnds()).toHaveLength(5);
    expect(engine.checkToolCall({ name: 'lookup', arguments: { key: 'k11' } }).verdict).toBe('warn');
    // The oldest went first.
    expect(engine.checkToolCall({ name: 'lookup', arguments: { key: 'k0' } }).verdict).toBe('allow');
  });

  it('a restore applies the bound of its options: a larger registry restores within a smaller one', () => {
    const engine = createContextEngine({ ...options, sessionId: 's1' });
    engine.ingest(failures(30));
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    expect(restoreContextEngine(snapshot, options).listDeadEnds()).toHaveLength(30);
    const restored = restoreContextEngine(snapshot, { ...options, deadEndRegistry: { maxDeadEnds: 8 } });
    expect(restored.listDeadEnds()).toHaveLength(8);
    expect(restored.checkToolCall({ name: 'lookup', arguments: { key: 'k29' } }).verdict).toBe('warn');
    restored.ingest(failures(4, 30));
    expect(restored.listDeadEnds()).toHaveLength(8);
  });

  it('bad values are refused with INVALID_OPTIONS naming the option', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '10'] as unknown[]) {
      const attempt = (): unknown => createContextEngine({ ...options, deadEndRegistry: { maxDeadEnds: bad as number } });
      expect(attempt).toThrow(CairnError);
      expect(attempt).toThrow(/deadEndRegistry\.maxDeadEnds/);
      expect(() => checkEngineOptions({ deadEndRegistry: { maxDeadEnds: bad as number } })).toThrow(/deadEndRegistry\.maxDeadEnds/);
    }
    expect(() => createContextEngine({ ...options, deadEndRegistry: null as never })).toThrow(/deadEndRegistry/);
    expect(() => createContextEngine({ ...options, deadEndRegistry: {} })).not.toThrow();
  });
});
