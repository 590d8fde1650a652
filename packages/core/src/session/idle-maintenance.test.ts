import { describe, expect, it } from 'vitest';
import type { ContextEngine } from '../engine/index.js';
import { createIdleMaintenance } from './idle-maintenance.js';
import { DEFAULT_WARM_UNITS } from '../engine/index.js';

/**
 * Just what idle maintenance uses of an engine: a message count and the three maintenance calls,
 * recorded; the idle warm-up (`warm`) is recorded apart, in `warms` (its `maxUnits`), with
 * `warmable` units left to warm.
 */
function fakeEngine(fail = false, warmable = 0) {
  const calls: string[] = [];
  const warms: number[] = [];
  let messages = 0;
  let left = warmable;
  const engine = {
    getMessages: () => Array.from({ length: messages }),
    consolidate: () => void calls.push('consolidate'),
    summarize: async () => (calls.push('summarize'), fail ? Promise.reject(new Error('model down')) : 0),
    summarizePages: async () => (calls.push('summarizePages'), 0),
    warm: ({ maxUnits }: { maxUnits: number }) => {
      warms.push(maxUnits);
      const compressed = Math.min(maxUnits, left);
      left -= compressed;
      return { compressed, remaining: left };
    },
  } as unknown as ContextEngine;
  return { engine, calls, warms, add: (count: number) => void (messages += count) };
}

describe('createIdleMaintenance', () => {
  it('runs on a tick with no new message since the previous tick, once per batch of new messages', async () => {
    const { engine, calls, add } = fakeEngine();
    const maintenance = createIdleMaintenance(engine);
    add(4);
    maintenance.tick(); // messages arrived since creation: not idle
    expect(calls).toEqual([]);
    maintenance.tick(); // idle: a run starts
    await maintenance.run(); // joins the run in flight
    expect(calls).toEqual(['consolidate', 'summarize', 'summarizePages']);
    maintenance.tick();
    maintenance.tick();
    await maintenance.run(); // an explicit run always runs
    expect(calls.length).toBe(6);
    add(2);
    maintenance.tick();
    expect(calls.length).toBe(6); // new messages: not idle yet
    maintenance.tick(); // idle again: a run for the new messages
    await maintenance.run();
    expect(calls.length).toBe(9);
  });

  it('reports a failed run to onError and does not retry it until new messages arrive', async () => {
    const errors: unknown[] = [];
    const { engine, calls, add } = fakeEngine(true);
    add(6);
    const maintenance = createIdleMaintenance(engine, { onError: (error) => errors.push(error) });
    maintenance.tick();
    await maintenance.run();
    expect(errors.map((error) => (error as Error).message)).toEqual(['model down']);
    expect(calls).toEqual(['consolidate', 'summarize']);
    for (let tick = 0; tick < 3; tick++) maintenance.tick();
    await Promise.resolve();
    expect(errors.length).toBe(1);
    add(1);
    maintenance.tick();
    maintenance.tick();
    await maintenance.run();
    expect(errors.length).toBe(2);
  });

  it('warms up after each run, then on each idle tick while units are left, never while messages arrive', async () => {
    const { engine, calls, warms, add } = fakeEngine(false, 25);
    const maintenance = createIdleMaintenance(engine, { warmUnits: 10 });
    add(3);
    maintenance.tick();
    maintenance.tick();
    await maintenance.run();
    expect(calls).toEqual(['consolidate', 'summarize', 'summarizePages']);
    expect(warms).toEqual([10]);
    add(1);
    maintenance.tick(); // a message arrived: not idle, no warm-up
    expect(warms).toEqual([10]);
    maintenance.tick(); // idle with new messages: a whole run, then its warm-up
    await maintenance.run();
    expect(warms).toEqual([10, 10]);
    maintenance.tick(); // idle, no new message, 5 units left: one more slice
    maintenance.tick(); // nothing left
    maintenance.tick();
    expect(warms).toEqual([10, 10, 10]);
    expect(calls.length).toBe(6);
  });

  it('does not warm up with warmUnits: false, warms DEFAULT_WARM_UNITS by default, and refuses a bad warmUnits', async () => {
    const off = fakeEngine(false, 5);
    off.add(1);
    await createIdleMaintenance(off.engine, { warmUnits: false }).run();
    expect(off.warms).toEqual([]);
    const byDefault = fakeEngine(false, 5);
    await createIdleMaintenance(byDefault.engine).run();
    expect(byDefault.warms).toEqual([DEFAULT_WARM_UNITS]);
    for (const warmUnits of [-1, 2.5, Number.NaN, true as unknown as number]) {
      expect(() => createIdleMaintenance(off.engine, { warmUnits })).toThrow(/warmUnits/);
    }
  });
});
