import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCharTokenCounter, type CairnMessage } from '../log/index.js';
import { createContextEngine, type ContextEngine } from '../engine/index.js';
import type { Summarizer } from '../options/index.js';
import { CONSOLIDATED_SUMMARY_INSTRUCTIONS } from '../pages/index.js';
import type { IdleConsolidation, IdleConsolidationOptions } from '../session/index.js';

/** An adapter's `scheduleIdleConsolidation`. */
export type ScheduleIdleConsolidation = (engine: ContextEngine, options: IdleConsolidationOptions) => IdleConsolidation;

function messages(from: number, count: number): CairnMessage[] {
  const topics = ['garden tomatoes basil compost', 'database postgres schema indexes', 'Lisbon flights hotel trams'];
  return Array.from({ length: count }, (_, offset) => {
    const index = from + offset;
    return { id: `m${index}`, role: index % 2 === 0 ? 'user' : 'assistant', content: `About ${topics[Math.floor(index / 8) % 3]}: note ${index}.` } as CairnMessage;
  });
}

/**
 * The behaviour every adapter's `scheduleIdleConsolidation` shares (the timer around core's
 * `createIdleMaintenance`), with vitest's fake timers: nothing runs while messages arrive; one
 * run (merging stale pages, writing page summaries) once a whole interval passed without one;
 * nothing more until new messages; errors to `onError` without retrying; `close()` stops the
 * timer; the timer never keeps the process alive; a bad `afterMs` is refused.
 *
 * @example
 * ```ts
 * describeIdleScheduleConformance('ai-sdk', scheduleIdleConsolidation);
 * ```
 */
export function describeIdleScheduleConformance(name: string, schedule: ScheduleIdleConsolidation): void {
  describe(`idle schedule conformance: ${name}`, () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('merges stale pages and writes page summaries once the engine has been idle afterMs, not while messages arrive', async () => {
      const calls: string[] = [];
      const summarizer: Summarizer = async (input) => {
        calls.push(input.pageId ?? input.unitId);
        return input.instructions === CONSOLIDATED_SUMMARY_INSTRUCTIONS ? `WRITTEN ${input.pageId}` : 'unit';
      };
      const engine = createContextEngine({ tokenCounter: createCharTokenCounter(), summarizer, pages: { consolidation: { window: 2, minPages: 3, staleAfterPages: 0, topicSimilarity: 0 } } });
      const idle = schedule(engine, { afterMs: 1_000 });
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
      const asked = calls.length;
      await vi.advanceTimersByTimeAsync(5_000); // nothing new: later ticks run nothing
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
      const idle = schedule(engine, { afterMs: 500, onError: (error) => errors.push(error) });
      await vi.advanceTimersByTimeAsync(2_000);
      expect(errors.map((error) => (error as Error).message)).toEqual(['model down']);
      await idle.run(); // an explicit run still runs
      expect(errors.length).toBe(2);
      idle.close();
      idle.close();
      for (const afterMs of [0, -1, Number.NaN, '1000' as never]) expect(() => schedule(engine, { afterMs })).toThrow(RangeError);
    });

    it('its timer never keeps the process alive', () => {
      vi.useRealTimers();
      // Core's types carry no Node globals: the host's setInterval, as far as this test needs it.
      const spy = vi.spyOn(globalThis as unknown as { setInterval: (...args: unknown[]) => unknown }, 'setInterval');
      const idle = schedule(createContextEngine(), { afterMs: 60_000 });
      const timer = spy.mock.results[0]!.value as { hasRef(): boolean };
      expect(timer.hasRef()).toBe(false);
      idle.close();
      spy.mockRestore();
    });
  });
}
