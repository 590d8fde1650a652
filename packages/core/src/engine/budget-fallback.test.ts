import { describe, expect, it } from 'vitest';
import { CairnError, countMessageTokens, createBpeTokenCounter, createContextEngine, findViewViolations, type CairnMessage } from '../index.js';

const counter = createBpeTokenCounter();
const policy = Array.from({ length: 60 }, (_, index) => `Rule ${index + 1}: never change reservation ${1000 + index} without the user's explicit confirmation.`).join('\n');

function agentRun(): CairnMessage[] {
  return [
    { id: 's', role: 'system', content: `You are an airline agent.\n${policy}` },
    { id: 'u1', role: 'user', content: 'Please cancel reservation 1007 for user mia_li_3668.' },
    { id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'get_reservation_details', arguments: { reservation_id: '1007' } }] },
    { id: 't1', role: 'tool', toolCallId: 'c1', name: 'get_reservation_details', content: `{"reservation_id":"1007","status":"active","flights":[${'{"flight":"HAT001","date":"2024-05-16"},'.repeat(20)}{}]}` },
  ];
}

describe("onBudgetExceeded: 'compress-mandatory'", () => {
  it('squeezes the system prompt and hot units until a budget smaller than the system prompt fits', () => {
    const messages = agentRun();
    const systemTokens = countMessageTokens(messages[0]!, counter);
    const budget = Math.floor(systemTokens / 2);
    const engine = createContextEngine({ tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
    engine.ingest(messages);
    const { messages: view, metadata } = engine.assemble({ budget });
    expect(metadata.tokens).toBeLessThanOrEqual(budget);
    expect(findViewViolations(view)).toEqual([]);
    const system = metadata.decisions.find((decision) => decision.unitId === 's')!;
    expect(system).toMatchObject({ fidelity: 'compressed', reason: 'budget-fallback' });
    // What survives of the policy is verbatim text from it, under cairn's marker.
    expect(String(view[0]!.content)).toMatch(/^\[cairn:compressed id=s\] /);
    // The log keeps the original whole.
    expect(engine.getMessage('s')!.content).toBe(messages[0]!.content);
  });

  it("throws BUDGET_EXCEEDED with 'throw' (the default) at the same budget", () => {
    const messages = agentRun();
    const budget = Math.floor(countMessageTokens(messages[0]!, counter) / 2);
    const engine = createContextEngine({ tokenCounter: counter });
    engine.ingest(messages);
    const error = (() => {
      try {
        engine.assemble({ budget });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(CairnError.isInstance(error) && error.code).toBe('BUDGET_EXCEEDED');
  });

  it('hides the hot set, oldest first, before failing the view; never the system prompt or the latest user turn', () => {
    const messages = agentRun();
    const bigResult = (id: string, call: string) => ({ id, role: 'tool' as const, toolCallId: call, name: 'search', content: `{"results":[${'{"flight":"HAT001","seats":4,"date":"2024-05-16"},'.repeat(12)}{}]}` });
    const run = [
      ...messages,
      { id: 'a2', role: 'assistant' as const, content: '', toolCalls: [{ id: 'c2', name: 'search', arguments: { from: 'JFK' } }] },
      bigResult('t2', 'c2'),
      { id: 'a3', role: 'assistant' as const, content: '', toolCalls: [{ id: 'c3', name: 'search', arguments: { from: 'LAX' } }] },
      bigResult('t3', 'c3'),
    ];
    const engine = createContextEngine({ tokenCounter: counter, onBudgetExceeded: 'compress-mandatory', hotUnits: 3 });
    engine.ingest(run);
    const budget = 150;
    const { messages: view, metadata } = engine.assemble({ budget });
    expect(metadata.tokens).toBeLessThanOrEqual(budget);
    expect(findViewViolations(view)).toEqual([]);
    const decision = (id: string) => metadata.decisions.find((each) => each.unitId === id)!;
    expect(decision('a1')).toMatchObject({ fidelity: 'placeholder', reason: 'budget-fallback' });
    expect(decision('s').fidelity).not.toBe('placeholder');
    expect(decision('u1').fidelity).not.toBe('placeholder');
    // The default policy squeezes the hot set too, but refuses rather than compress the system
    // prompt, which alone is over this budget; the error names cairn's budget, not the model's window.
    const strict = createContextEngine({ tokenCounter: counter, hotUnits: 3 });
    strict.ingest(run);
    expect(() => strict.assemble({ budget })).toThrow(/cairn budget of 150 tokens/);
  });

  it('still throws when not even squeezed renderings fit', () => {
    const engine = createContextEngine({ tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
    engine.ingest(agentRun());
    expect(() => engine.assemble({ budget: 20 })).toThrow(/smallest view/);
  });
});
