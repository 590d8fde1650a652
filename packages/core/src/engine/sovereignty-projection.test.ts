import { describe, expect, it } from 'vitest';
import { createContextEngine } from './context-engine.js';
import { createCharTokenCounter, type CairnMessage } from '../log/index.js';
import { showsAtMost } from '../sovereignty/index.js';

const chars = createCharTokenCounter();

function session(turns: number): CairnMessage[] {
  const messages: CairnMessage[] = [{ id: 's', role: 'system', content: 'You are a support agent. Never refund without an order id.' }];
  for (let turn = 0; turn < turns; turn++) {
    messages.push({ id: `u${turn}`, role: 'user', content: `Customer Ana Lopez asks about order ORD-${4800 + turn}: the invoice total was ${100 + turn}.50 and not the promised price. ${'Some more detail here. '.repeat(20)}` });
    messages.push({ id: `a${turn}`, role: 'assistant', content: `Checked ORD-${4800 + turn} for Ana Lopez: refund ${20 + turn} approved. ${'Explanation of the policy. '.repeat(30)}` });
  }
  return messages;
}

describe('engine.project / engine.expand', () => {
  it('projects the history by class to the target, never touching PRESERVED, and expands back', () => {
    const engine = createContextEngine({ tokenCounter: chars, budget: 4_000 });
    engine.ingest(session(12));
    engine.tag(['a3'], 'preserved', 'the refund decision');
    engine.tag(['u5'], 'required');
    const projection = engine.project({ targetPressure: 0.5 });
    expect(projection.target).toBe(2_000);
    expect(projection.tokens).toBeLessThan(projection.originalTokens);
    const byId = new Map(projection.items.map((item) => [item.id, item]));
    expect(byId.get('s')).toEqual({ id: 's', resourceClass: 'preserved', fidelity: 'full' });
    expect(byId.get('a3')).toEqual({ id: 'a3', resourceClass: 'preserved', fidelity: 'full' });
    expect(byId.get('u5')!.fidelity).not.toBe('placeholder');
    expect(byId.get('u0')!.fidelity).toBe('placeholder');
    expect(projection.quality.compressionRatio).toBeGreaterThan(1);
    expect(projection.quality.reconstructionError).toBeGreaterThan(0);
    expect(projection.quality.quality).toBeCloseTo(projection.quality.compressionRatio * (1 - projection.quality.reconstructionError));
    const expanded = engine.expand(projection);
    expect(expanded.items.every((item) => item.fidelity === 'full')).toBe(true);
    expect(showsAtMost(engine.project({ targetPressure: 0.5 }), projection)).toBe(true);
    // Nothing in the engine changed: the next view is what it would have been.
    const twin = createContextEngine({ tokenCounter: chars, budget: 4_000 });
    twin.ingest(session(12));
    twin.tag(['a3'], 'preserved', 'the refund decision');
    twin.tag(['u5'], 'required');
    expect(engine.assemble().messages).toEqual(twin.assemble().messages);
  });

  it('refuses bad targets and foreign projections with typed errors', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    engine.ingest(session(2));
    expect(() => engine.project({ targetPressure: 0 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    expect(() => engine.project(undefined as never)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    const other = createContextEngine({ tokenCounter: chars });
    other.ingest(session(3));
    expect(() => engine.expand(other.project({ targetPressure: 0.5 }))).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });
});

describe('metadata.sovereignty', () => {
  it('counts units per class and measures the view as a projection (MDL quality)', () => {
    const engine = createContextEngine({ tokenCounter: chars, budget: 3_000 });
    engine.ingest(session(12));
    const { metadata } = engine.assemble({ query: 'refund for ORD-4803' });
    const sovereignty = metadata.sovereignty!;
    expect(sovereignty.classes.preserved).toBe(1);
    expect(sovereignty.classes.required).toBeGreaterThanOrEqual(1);
    expect(sovereignty.classes.droppable + sovereignty.classes.required + sovereignty.classes.preserved).toBe(metadata.decisions.length);
    expect(sovereignty.quality.compressionRatio).toBeCloseTo(metadata.historyTokens / metadata.tokens);
    expect(sovereignty.quality.anchors).toBeGreaterThan(0);
    expect(sovereignty.quality.anchorsLost).toBeGreaterThan(0);
    expect(JSON.parse(JSON.stringify(metadata)).sovereignty).toEqual(JSON.parse(JSON.stringify(sovereignty)));
    const roomy = createContextEngine({ tokenCounter: chars, budget: 200_000 });
    roomy.ingest(session(3));
    const passthrough = roomy.assemble().metadata.sovereignty!;
    expect(passthrough.quality.reconstructionError).toBe(0);
  });
});
