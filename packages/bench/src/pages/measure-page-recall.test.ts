import { createCharTokenCounter, type CairnMessage } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { measurePageRecall, pageRecallPageOptions } from './measure-page-recall.js';
import { namedIds } from './named-ids.js';

const counter = createCharTokenCounter();

function conversation(): CairnMessage[] {
  const messages: CairnMessage[] = [];
  for (let index = 0; index < 80; index++) {
    const filler = `Turn ${index}: we chatted about weather, trains and bread prices in the market. `.repeat(3);
    const content = index === 7 ? 'My sister Ana moved to Lisbon in March 2021 for a job at the aquarium.' : filler;
    messages.push({ id: `D${index}`, role: index % 2 === 0 ? 'user' : 'assistant', name: index % 2 === 0 ? 'Caro' : 'Mel', content });
  }
  return messages;
}

describe('measurePageRecall', () => {
  it('reports in-view ≤ reachable ≤ via listing, with the zoom round measured and paid for', () => {
    const probes = [{ id: 'p1', question: 'Where did Ana move to in 2021?', answer: 'Lisbon', evidence: ['D7'], atMessageIndex: 80 }];
    const result = measurePageRecall({ sessionId: 's', messages: conversation(), probes, budgetShare: 0.06, counter });
    expect(result.probes).toBe(1);
    expect(result.inView).toBeLessThanOrEqual(result.reachableShown);
    expect(result.reachableShown).toBeLessThanOrEqual(result.reachable);
    expect(result.reachable).toBeLessThanOrEqual(result.reachableViaListing);
    expect(result.zoomTokens).toBeGreaterThan(0);
    expect(result.afterZoom).toBeGreaterThanOrEqual(0);
    expect(result.afterZoom).toBeLessThanOrEqual(1);
  });

  it('is deterministic', () => {
    const probes = [{ id: 'p1', question: 'What did we say about trains?', answer: 'trains', evidence: ['D3'], atMessageIndex: 80 }];
    const options = { sessionId: 's', messages: conversation(), probes, budgetShare: 0.05, counter };
    expect(measurePageRecall(options)).toEqual(measurePageRecall(options));
  });
});

describe('measurePageRecall with consolidated pages', () => {
  it('measures the page index it shows, and nothing with consolidation off', () => {
    const probes = [{ id: 'p1', question: 'Where did Ana move to in 2021?', answer: 'Lisbon', evidence: ['D7'], atMessageIndex: 80 }];
    const base = { sessionId: 's', messages: conversation(), probes, budgetShare: 0.2, counter };
    const on = measurePageRecall({ ...base, consolidationOptions: { indexShare: 0.3, window: 2, minPages: 3, maxTokens: 400 }, idleRounds: 3 });
    expect(on.consolidatedPages).toBeGreaterThan(0);
    expect(on.indexTokens).toBeGreaterThan(0);
    const off = measurePageRecall({ ...base, consolidation: false });
    expect(off.indexTokens).toBe(0);
    expect(off.consolidatedPages).toBe(0);
  });
});

describe("measurePageRecall with indexLines 'ids'", () => {
  it('reads every id of a packed index line, so a listed page makes its evidence reachable', () => {
    const probes = [{ id: 'p1', question: 'Where did Ana move to in 2021?', answer: 'Lisbon', evidence: ['D7'], atMessageIndex: 80 }];
    const base = { sessionId: 's', messages: conversation(), probes, budgetShare: 0.1, counter, idleRounds: 3 };
    const consolidation = { indexShare: 0.3, window: 2, minPages: 3, maxTokens: 400, plainFacts: true };
    const ids = measurePageRecall({ ...base, consolidationOptions: { ...consolidation, indexLines: 'ids' } });
    expect(ids.indexTokens).toBeGreaterThan(0);
    expect(ids.reachable).toBe(1);
    expect(ids.inView).toBeLessThanOrEqual(ids.reachableShown);
    expect(ids.reachableShown).toBeLessThanOrEqual(ids.reachable);
  });
});

describe('pageRecallPageOptions', () => {
  it('turns consolidation off, keeps the defaults, or passes options and other page options through', () => {
    expect(pageRecallPageOptions({ consolidation: false })).toEqual({ consolidation: false });
    expect(pageRecallPageOptions({})).toBeUndefined();
    expect(pageRecallPageOptions({ consolidationOptions: { indexShare: 0.1 }, pageOptions: { showPageIds: true } })).toEqual({ showPageIds: true, consolidation: { indexShare: 0.1 } });
  });
});

describe('namedIds', () => {
  it('reads single ids, quoted ids and runs from cairn markers', () => {
    const view = [
      { id: 'a', role: 'user' as const, content: '[cairn:placeholder id=D1] user: "hi"', sourceIds: ['D1'], fidelity: 'placeholder' as const },
      { id: 'b', role: 'user' as const, content: '[cairn:placeholder from="x y" to=D9 count=4]', sourceIds: [], fidelity: 'placeholder' as const },
      { id: 'c', role: 'user' as const, content: '[cairn:compressed id=D10] text', sourceIds: ['D10'], fidelity: 'compressed' as const },
      { id: 'D11', role: 'user' as const, content: '[cairn:placeholder id=fake] full text', sourceIds: ['D11'], fidelity: 'full' as const },
    ];
    expect(namedIds(view)).toEqual({ singles: ['D1', 'D10'], ranges: ['x y..D9'] });
  });
});
