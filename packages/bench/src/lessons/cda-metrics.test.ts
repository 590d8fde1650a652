import { type CairnMessage, createCharTokenCounter } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import type { BenchmarkSession } from '../runner/benchmark-types.js';
import { createFullStrategy } from '../strategies/full-strategy.js';
import type { ContextStrategy } from '../strategies/strategy.js';
import { measureAlignmentStability } from './measure-alignment-stability.js';
import { measureDeadEndRepetition } from './measure-dead-end-repetition.js';

function run(): BenchmarkSession {
  const messages: CairnMessage[] = [{ id: 'u1', role: 'user', content: 'Fix the ledger sync test failure in src/ledger-sync.ts.' }];
  const call = (index: number, command: string, output: string, isError: boolean) => {
    messages.push({ id: `a${index}`, role: 'assistant', content: `Step ${index}: checking the ledger sync.`, toolCalls: [{ id: `c${index}`, name: 'bash', arguments: { command } }] });
    messages.push({ id: `t${index}`, role: 'tool', toolCallId: `c${index}`, name: 'bash', content: output, ...(isError ? { isError: true } : {}) });
  };
  call(1, 'npm test -- src/ledger-sync.ts', 'Error: connect ECONNREFUSED 127.0.0.1:5401\nexit code 1', true);
  for (let index = 2; index < 8; index++) call(index, `cat src/module-${index}.ts`, `export const value${index} = ${index};\n`.repeat(20), false);
  call(8, 'npm test -- src/ledger-sync.ts', 'Error: connect ECONNREFUSED 127.0.0.1:5401\nexit code 1', true);
  call(9, 'npm test -- src/ledger-sync.ts', 'Error: connect ECONNREFUSED 127.0.0.1:5401\nexit code 1', true);
  return { id: 'run-1', messages, probes: [], replay: 'agent' };
}

describe('measureDeadEndRepetition', () => {
  it('counts a failed call retried as recorded, and as stopped only where the lesson was in view and the guard flagged it', () => {
    const rows = measureDeadEndRepetition({
      sessions: [run()],
      budgetShare: 0.5,
      createCounter: createCharTokenCounter,
      configs: [
        { label: 'no brief', options: { deadEndBrief: false } },
        { label: 'default', options: {} },
      ],
    });
    for (const row of rows) {
      expect(row).toMatchObject({ failedCalls: 1, retried: 1, repeats: 2, failedAgain: 2, failedViews: 0 });
      expect(row.flagged).toBe(2);
    }
    expect(rows[0]).toMatchObject({ lessonInView: 0, retriedWithLesson: 1, failedAgainStopped: 0 });
    expect(rows[1]).toMatchObject({ lessonInView: 2, retriedWithLesson: 0, failedAgainStopped: 2, visible: 2 });
  });
});

describe('measureAlignmentStability', () => {
  it('scores a view holding the task near 1 and an empty view 0, with no drift for a constant view', async () => {
    const empty: ContextStrategy = { name: 'empty', description: 'shows nothing', createSession: () => ({ ingest: () => {}, view: async () => [] }) };
    const [full, none] = await measureAlignmentStability({
      sessions: [run()],
      budgetShare: 1,
      createCounter: createCharTokenCounter,
      strategies: [
        { label: 'full', strategy: createFullStrategy() },
        { label: 'empty', strategy: empty },
      ],
    });
    expect(full!.views).toBeGreaterThan(0);
    expect(full!.mean).toBeGreaterThan(0.3);
    expect(none).toMatchObject({ mean: 0, stdDev: 0, drift: 0, failedViews: 0 });
  });
});
