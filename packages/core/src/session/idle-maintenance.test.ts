import { describe, expect, it } from 'vitest';
import type { ContextEngine } from '../engine/index.js';
import { createIdleMaintenance } from './idle-maintenance.js';

/** Just what idle maintenance uses of an engine: a message count and the three maintenance calls, recorded. */
function fakeEngine(fail = false) {
  const calls: string[] = [];
  let messages = 0;
  const engine = {
    getMessages: () => Array.from({ length: messages }),
    consolidate: () => void calls.push('consolidate'),
    summarize: async () => (calls.push('summarize'), fail ? Promise.reject(new Error('model down')) : 0),
    summarizePages: async () => (calls.push('summarizePages'), 0),
  } as unknown as ContextEngine;
  return { engine, calls, add: (count: number) => void (messages += count) };
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
});
