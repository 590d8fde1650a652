import { describe, expect, it } from 'vitest';
import { createContextEngine } from './context-engine.js';
import { CairnError } from '../log/index.js';
import { findViewViolations } from '../render/index.js';
import type { CairnMessage } from '../log/index.js';

/** About 20 KB of JSON a search tool might return. */
function bigOutput(turn: number, kilobytes = 20): string {
  const row = (index: number) => `{"id":"row-${turn}-${index}","title":"Result ${index} for turn ${turn}","score":${(index % 97) / 97}}`;
  const rows: string[] = [];
  let size = 0;
  for (let index = 0; size < kilobytes * 1024; index++) {
    const text = row(index);
    rows.push(text);
    size += text.length + 1;
  }
  return `[${rows.join(',')}]`;
}

function turnMessages(turn: number, outputKilobytes?: number): CairnMessage[] {
  const output = outputKilobytes === undefined ? `{"ok":true,"turn":${turn}}` : bigOutput(turn, outputKilobytes);
  return [
    { id: `u${turn}`, role: 'user', content: `Turn ${turn}: look up the next item, please.` },
    { id: `a${turn}`, role: 'assistant', content: '', toolCalls: [{ id: `c${turn}`, name: 'search', arguments: { query: `item ${turn}` } }] },
    { id: `t${turn}`, role: 'tool', toolCallId: `c${turn}`, name: 'search', content: output },
  ];
}

describe('a large tool output with default options (issue 12, item 2)', () => {
  it('budget 2,000, a 20 KB tool output every 10th turn over 300 turns: every view is built, within budget', () => {
    const engine = createContextEngine({ budget: 2_000 });
    engine.ingest({ id: 's', role: 'system', content: 'You are a research agent. Use the search tool.' });
    let squeezed = 0;
    for (let turn = 1; turn <= 300; turn++) {
      engine.ingest(turnMessages(turn, turn % 10 === 0 ? 20 : undefined));
      const { messages, metadata } = engine.assemble();
      expect(metadata.tokens).toBeLessThanOrEqual(2_000);
      expect(findViewViolations(messages)).toEqual([]);
      // The latest user turn and the system prompt stay verbatim.
      expect(messages.find((message) => message.id === `u${turn}`)?.fidelity).toBe('full');
      expect(messages[0]!.id).toBe('s');
      if (turn % 10 === 0) {
        const result = messages.find((message) => message.sourceIds.includes(`t${turn}`))!;
        // Squeezed, not dropped silently: cairn's marker with the id to recall it.
        expect(result.fidelity).not.toBe('full');
        expect(String(result.content)).toContain(`t${turn}`);
        squeezed++;
      }
    }
    expect(squeezed).toBe(30);
  });

  it('budget 16,000 and one 80 KB tool output', () => {
    const engine = createContextEngine({ budget: 16_000 });
    engine.ingest({ id: 's', role: 'system', content: 'You are a research agent.' });
    engine.ingest(turnMessages(1, 80));
    const { messages, metadata } = engine.assemble();
    expect(metadata.tokens).toBeLessThanOrEqual(16_000);
    expect(findViewViolations(messages)).toEqual([]);
    expect(messages.map((message) => message.id)).toContain('u1');
  });

  it('the hot set is squeezed before a view is refused: budget 400, system + latest user need ~60 tokens', () => {
    const engine = createContextEngine({ budget: 400 });
    engine.ingest({ id: 's', role: 'system', content: 'You are an agent.' });
    engine.ingest(turnMessages(1, 4));
    engine.ingest([
      { id: 'a1b', role: 'assistant', content: '', toolCalls: [{ id: 'c1b', name: 'search', arguments: { query: 'more' } }] },
      { id: 't1b', role: 'tool', toolCallId: 'c1b', name: 'search', content: bigOutput(2, 4) },
    ]);
    const { messages, metadata } = engine.assemble();
    expect(metadata.tokens).toBeLessThanOrEqual(400);
    expect(findViewViolations(messages)).toEqual([]);
    const decisions = metadata.decisions.filter((decision) => decision.reason === 'budget-fallback');
    expect(decisions.map((decision) => decision.unitId).sort()).toEqual(expect.arrayContaining(['a1b']));
  });

  it('refuses only a budget smaller than the system prompt + latest user turn, naming cairn’s budget and the numbers', () => {
    const engine = createContextEngine();
    engine.ingest({ id: 's', role: 'system', content: 'You are an agent. '.repeat(40) });
    engine.ingest(turnMessages(1, 4));
    let error: unknown;
    try {
      engine.assemble({ budget: 60 });
    } catch (caught) {
      error = caught;
    }
    expect(CairnError.isInstance(error) && error.code).toBe('BUDGET_EXCEEDED');
    const message = (error as Error).message;
    expect(message).not.toMatch(/context window/);
    expect(message).toMatch(/cairn budget of 60 tokens/);
    expect((error as CairnError).details).toMatchObject({ budget: 60 });
    expect((error as CairnError).details.requiredTokens).toBeGreaterThan(60);
  });
});
