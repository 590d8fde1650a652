import { CONSOLIDATED_SUMMARY_INSTRUCTIONS, createCharTokenCounter, createContextEngine, type CairnMessage, type Summarizer } from '@cairn/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleIdleConsolidation } from './schedule-idle-consolidation.js';

function messages(from: number, count: number): CairnMessage[] {
  const topics = ['garden tomatoes basil compost', 'database postgres schema indexes', 'Lisbon flights hotel trams'];
  return Array.from({ length: count }, (_, offset) => {
    const index = from + offset;
    return { id: `m${index}`, role: index % 2 === 0 ? 'user' : 'assistant', content: `About ${topics[Math.floor(index / 8) % 3]}: note ${index}.` } as CairnMessage;
  });
}

describe('scheduleIdleConsolidation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('merges stale pages and writes page summaries once the engine has been idle afterMs, not while messages arrive', async () => {
    const calls: string[] = [];
    const summarizer: Summarizer = async (input) => {
      calls.push(input.pageId ?? input.unitId);
      return input.instructions === CONSOLIDATED_SUMMARY_INSTRUCTIONS ? `WRITTEN ${input.pageId}` : 'unit';
    };
    const engine = createContextEngine({ tokenCounter: createCharTokenCounter(), summarizer, pages: { consolidation: { window: 2, minPages: 3, staleAfterPages: 0, topicSimilarity: 0 } } });
    const idle = scheduleIdleConsolidation(engine, { afterMs: 1_000 });
    engine.ingest(messages(0, 8));
    await vi.advanceTimersByTimeAsync(1_000); // messages arrived since the last check: not idle yet
    engine.ingest(messages(8, 16));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toEqual([]);
    expect(engine.listPages('Consolidated').some((page) => page.trigger === 'merge')).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000); // a whole interval without a message: idle
    const pages = engine.listPages('Consolidated');
    expect(pages.some((page) => page.trigger === 'merge')).toBe(true);
    for (const page of pages) expect(page.summary).toBe(`WRITTEN ${page.id}`);
    // Nothing new: later ticks run nothing.
    const asked = calls.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls.length).toBe(asked);
    idle.close();
    engine.ingest(messages(24, 8));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.length).toBe(asked);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports errors of a run to onError and does not retry until new messages arrive; refuses a bad afterMs', async () => {
    const errors: unknown[] = [];
    const engine = createContextEngine({ tokenCounter: createCharTokenCounter(), summarizer: async () => Promise.reject(new Error('model down')), pages: { consolidation: { window: 2, minPages: 3 } } });
    engine.ingest(messages(0, 24));
    const idle = scheduleIdleConsolidation(engine, { afterMs: 500, onError: (error) => errors.push(error) });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(errors.map((error) => (error as Error).message)).toEqual(['model down']);
    await idle.run(); // an explicit run still runs
    expect(errors.length).toBe(2);
    idle.close();
    idle.close();
    expect(() => scheduleIdleConsolidation(engine, { afterMs: 0 })).toThrow(RangeError);
  });

  it('its timer never keeps the process alive', () => {
    vi.useRealTimers();
    const unref = vi.spyOn(globalThis, 'setInterval');
    const engine = createContextEngine();
    const idle = scheduleIdleConsolidation(engine, { afterMs: 60_000 });
    const timer = unref.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    idle.close();
    unref.mockRestore();
  });
});
