import { describe, expect, it } from 'vitest';
import { createBpeTokenCounter, createContextEngine, DEFAULT_WARM_UNITS, restoreContextEngine, type CairnMessage } from '../index.js';
import { errorCode } from '../test-support/error-code.js';
import type { EngineState } from '../render/index.js';

/** A session of long tool outputs (each compresses) between short user turns. */
function session(exchanges: number): CairnMessage[] {
  const messages: CairnMessage[] = [{ id: 's', role: 'system', content: 'You are a careful agent.' }];
  for (let index = 0; index < exchanges; index++) {
    messages.push({ id: `u${index}`, role: 'user', content: `look up order ORD-${1000 + index}` });
    messages.push({ id: `a${index}`, role: 'assistant', content: '', toolCalls: [{ id: `c${index}`, name: 'get_order', arguments: { id: `ORD-${1000 + index}` } }] });
    const lines = Array.from({ length: 30 }, (_, line) => `line ${line} of order ORD-${1000 + index}: status shipped, invoice INV-${index * 100 + line}, total ${line * 7}.`);
    messages.push({ id: `t${index}`, role: 'tool', toolCallId: `c${index}`, name: 'get_order', content: lines.join('\n') });
  }
  return messages;
}

describe('engine.warm()', () => {
  it('warms at most maxUnits units per call until none is left, then does nothing', () => {
    const engine = createContextEngine({ tokenCounter: createBpeTokenCounter() });
    engine.ingest(session(12)); // 25 units: the system prompt, 12 user turns, 12 tool exchanges
    const first = engine.warm({ maxUnits: 5 });
    expect(first.placeholders).toBe(5);
    expect(first.remaining).toBe(20);
    const second = engine.warm({ maxUnits: 1_000 });
    expect(second.placeholders).toBe(20);
    expect(second.remaining).toBe(0);
    expect(first.compressed + second.compressed).toBe(12);
    expect(engine.warm()).toEqual({ compressed: 0, placeholders: 0, remaining: 0 });
    expect(engine.warm({ maxUnits: 0 })).toEqual({ compressed: 0, placeholders: 0, remaining: 0 });
  });

  it('compresses only units that compressing makes smaller: the tool exchanges here, not the short user turns', () => {
    const engine = createContextEngine({ tokenCounter: createBpeTokenCounter() });
    engine.ingest(session(DEFAULT_WARM_UNITS));
    let compressed = 0;
    let placeholders = 0;
    for (let call = 0; call < 10; call++) {
      const result = engine.warm();
      compressed += result.compressed;
      placeholders += result.placeholders;
      expect(result.placeholders).toBeLessThanOrEqual(DEFAULT_WARM_UNITS);
    }
    expect(compressed).toBe(DEFAULT_WARM_UNITS);
    expect(placeholders).toBe(2 * DEFAULT_WARM_UNITS + 1);
  });

  it('warms the units a restored engine last showed compressed first', () => {
    const engine = createContextEngine({ tokenCounter: createBpeTokenCounter() });
    engine.ingest(session(40));
    const view = engine.assemble({ budget: 3_000, query: 'invoice of ORD-1003' });
    const compressed = new Set(view.messages.filter((message) => message.fidelity === 'compressed').flatMap((message) => message.sourceIds));
    expect(compressed.size).toBeGreaterThan(0);
    const restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), { tokenCounter: createBpeTokenCounter() });
    const { log } = (restored as unknown as { state: EngineState }).state;
    const shown = log.units.filter((unit) => compressed.has(unit.id));
    const cached = () => log.units.filter((unit) => unit.compressedCache?.version === unit.version);
    expect(cached()).toEqual([]);
    expect(restored.warm({ maxUnits: shown.length }).compressed).toBe(shown.length);
    expect(cached()).toEqual(shown);
  });

  it('warms a branch through its own engine', () => {
    const engine = createContextEngine({ tokenCounter: createBpeTokenCounter() });
    engine.ingest(session(3));
    const branch = engine.branch('try');
    branch.ingest(session(6).slice(10));
    const result = branch.warm({ maxUnits: 1_000 });
    expect(result.compressed).toBe(6); // the 3 tool exchanges it shares with its parent and its own 3
    expect(result.remaining).toBe(0);
    expect(branch.warm()).toEqual({ compressed: 0, placeholders: 0, remaining: 0 });
  });

  it('refuses a maxUnits that is not a whole number ≥ 0', () => {
    const engine = createContextEngine();
    for (const maxUnits of [-1, 1.5, Number.NaN, '3' as unknown as number]) expect(errorCode(() => engine.warm({ maxUnits }))).toBe('INVALID_OPTIONS');
  });
});
