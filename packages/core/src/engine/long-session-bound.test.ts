import { describe, expect, it } from 'vitest';
import { createBpeTokenCounter, createContextEngine, findViewViolations, type CairnMessage } from '../index.js';

const counter = createBpeTokenCounter();

/** One turn: a short request, a tool call with a long log, a short answer. */
function buildTurn(turn: number): CairnMessage[] {
  return [
    { id: `u${turn}`, role: 'user', content: `Build package ${turn}.` },
    { id: `a${turn}`, role: 'assistant', content: '', toolCalls: [{ id: `c${turn}`, name: 'build', arguments: { pkg: `p${turn}` } }] },
    { id: `t${turn}`, role: 'tool', toolCallId: `c${turn}`, name: 'build', content: `build ${turn} log: ${'compiling module; '.repeat(40)}done` },
    { id: `r${turn}`, role: 'assistant', content: `Package ${turn} built.` },
  ];
}

describe('a long session of short turns around hidden tool output', () => {
  it('stays within a fixed budget however long it runs (placeholder runs merge across the short messages between them)', () => {
    const budget = 1_500;
    const engine = createContextEngine({ tokenCounter: counter, budget });
    for (let turn = 0; turn < 200; turn++) {
      engine.ingest(buildTurn(turn));
      const { messages, metadata } = engine.assemble();
      expect(metadata.tokens).toBeLessThanOrEqual(budget);
      expect(findViewViolations(messages)).toEqual([]);
    }
    expect(engine.getMessages()).toHaveLength(800);
  });
});
