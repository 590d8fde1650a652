import { describe, expect, it } from 'vitest';
import { unitTermIndex } from '../direction/index.js';
import { createBpeTokenCounter, type CairnMessage } from '../log/index.js';
import type { EngineState } from '../render/index.js';
import { createContextEngine } from './context-engine.js';
import { restoreContextEngine } from './restore-context-engine.js';

function session(exchanges: number): CairnMessage[] {
  const messages: CairnMessage[] = [{ id: 'system', role: 'system', content: 'You are a support agent.' }];
  for (let at = 0; at < exchanges; at++) {
    messages.push({ id: `u${at}`, role: 'user', content: `What is the status of ORD-${1000 + at}? The invoice looks wrong.` });
    messages.push({ id: `a${at}`, role: 'assistant', content: '', toolCalls: [{ id: `c${at}`, name: 'get_order', arguments: { order: `ORD-${1000 + at}` } }] });
    messages.push({ id: `t${at}`, role: 'tool', toolCallId: `c${at}`, name: 'get_order', content: `order ORD-${1000 + at}: shipped, invoice ${at * 7} EUR, refund pending. `.repeat(8) });
  }
  return messages;
}

describe('restoreContextEngine builds the derived indexes', () => {
  it('indexes every settled unit at restore, and the first view is the one the engine it came from builds', () => {
    const options = { tokenCounter: createBpeTokenCounter() };
    const engine = createContextEngine(options);
    engine.ingest(session(40));
    // An unanswered call: its unit is not indexed until its result arrives.
    engine.ingest({ id: 'open', role: 'assistant', content: '', toolCalls: [{ id: 'late', name: 'get_order', arguments: { order: 'ORD-1' } }] });
    engine.assemble({ budget: 2_000, query: 'invoice of ORD-1003' });
    const restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), options);
    const { log } = (restored as unknown as { state: EngineState }).state;
    expect(unitTermIndex(log).indexedUnits).toBe(log.units.filter((unit) => unit.openCalls === 0).length);
    expect(unitTermIndex(log).indexedUnits).toBe(log.units.length - 1);
    // Every settled unit's placeholder is ready (planning asks it of the units it looks at).
    expect(log.units.filter((unit) => unit.openCalls === 0).every((unit) => unit.placeholderCache?.version === unit.version)).toBe(true);
    for (const query of ['refund of ORD-1020', 'invoice of ORD-1003', undefined]) {
      expect(JSON.stringify(restored.assemble({ budget: 2_000, query }).messages)).toBe(JSON.stringify(engine.assemble({ budget: 2_000, query }).messages));
    }
  });

  it('builds no index for an engine that never scored a unit (every view passthrough), as the engine it came from had none', () => {
    const options = { tokenCounter: createBpeTokenCounter() };
    const engine = createContextEngine(options);
    engine.ingest(session(3));
    expect(engine.assemble({ budget: 100_000 }).metadata.mode).toBe('passthrough');
    const restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), options);
    const { log } = (restored as unknown as { state: EngineState }).state;
    expect(unitTermIndex(log).indexedUnits).toBe(0);
  });
});
