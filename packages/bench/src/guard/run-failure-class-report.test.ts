import { describe, expect, test } from 'vitest';
import type { CairnMessage } from '@cairn/core';
import { formatFailureClassReport, runFailureClassReport } from './run-failure-class-report.js';
import { injectTransientFaults, INJECTED_TRANSIENT, TUNE_TRANSIENT_OUTPUTS } from './inject-transient-faults.js';
import { measureGuard } from './measure-guard.js';
import { countTransientReadings } from './count-transient-readings.js';

function call(index: number, command: string, result: string, isError = false): CairnMessage[] {
  const id = `c${index}`;
  return [
    { id: `a${index}`, role: 'assistant', content: '', toolCalls: [{ id, name: 'bash', arguments: { command } }] },
    { id: `t${index}`, role: 'tool', toolCallId: id, content: result, ...(isError ? { isError } : {}) },
  ];
}

describe('failure-class report', () => {
  const messages = Array.from({ length: 12 }, (_, index) => call(index, `curl https://api.example.com/items/${index}`, '{"ok": true}')).flat();

  test('injectTransientFaults plants marked failures before every n-th successful call, twice every third time', () => {
    const { sessions, retries } = injectTransientFaults([{ id: 'r', messages }], { outputs: TUNE_TRANSIENT_OUTPUTS, every: 2, twiceEvery: 3 });
    expect(retries).toBe(6);
    const planted = sessions[0]!.messages.filter((message) => message.metadata?.[INJECTED_TRANSIENT] === true);
    expect(planted).toHaveLength(8);
    expect(sessions[0]!.messages.filter((message) => message.role === 'assistant')).toHaveLength(12 + 8);
  });

  test('today blocks retries after two transient faults; failure classes never do', () => {
    const { sessions } = injectTransientFaults([{ id: 'r', messages }], { outputs: ['503 Service Unavailable'], every: 1, twiceEvery: 1 });
    const today = measureGuard(sessions, { failureClasses: false });
    const classes = measureGuard(sessions);
    expect(today.transientRetries).toBe(24);
    expect(today.guard.transientBlocked).toBe(12);
    expect(classes.guard.transientBlocked).toBe(0);
    expect(classes.guard.transientWarned).toBe(0);
  });

  test('the report has a row per split and guard, on sessions with tool calls only', () => {
    const rows = runFailureClassReport([
      { name: 'agents', description: '', sessions: ['r1', 'r2'].map((id) => ({ id, messages, probes: [], replay: 'agent' as const })) },
      { name: 'chat', description: '', sessions: [{ id: 'c', messages: [{ id: 'u', role: 'user', content: 'hi' }], probes: [], replay: 'conversation' as const }] },
    ]);
    expect(rows.map((row) => `${row.set}/${row.guard}`)).toEqual(['agents tune/today', 'agents tune/failure classes', 'agents holdout/today', 'agents holdout/failure classes']);
    expect(formatFailureClassReport(rows)).toContain('| agents holdout | failure classes |');
    // Holdout halves get every later phrasing set; the failure-class rows count real failures read as transient.
    const holdout = rows.find((row) => row.set === 'agents holdout' && row.guard === 'failure classes')!;
    expect(holdout.fourthTransient?.transientRetries).toBeGreaterThan(0);
    expect(holdout.fifthTransient?.transientRetries).toBe(holdout.fourthTransient?.transientRetries);
    expect(holdout.readings).toEqual({ failures: 0, transient: 0 });
    expect(rows.find((row) => row.set === 'agents tune' && row.guard === 'today')?.fifthTransient).toBeUndefined();
  });

  test('countTransientReadings counts real failures and the ones read as transient', () => {
    const sessions = [{ messages: [...call(1, 'curl https://api.example.com/a', '503 Service Unavailable', true), ...call(2, 'python r.py', 'KeyError: 3', true), ...call(3, 'ls', 'a.txt')] }];
    expect(countTransientReadings(sessions)).toEqual({ failures: 2, transient: 1 });
  });
});
