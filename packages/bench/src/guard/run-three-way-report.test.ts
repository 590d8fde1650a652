import { describe, expect, test } from 'vitest';
import type { CairnMessage } from '@cairn/core';
import { injectTransientFaults, INJECTED_TRANSIENT } from './inject-transient-faults.js';
import { measureGuard } from './measure-guard.js';
import { classifyPlantedOutputs, formatThreeWayReport, PLANTED_SETS, runThreeWayReport, THREE_WAY_GUARDS } from './run-three-way-report.js';
import { countFailureClasses } from './count-failure-classes.js';

function call(index: number, command: string, result: string, isError = false): CairnMessage[] {
  const id = `c${index}`;
  return [
    { id: `a${index}`, role: 'assistant', content: '', toolCalls: [{ id, name: 'bash', arguments: { command } }] },
    { id: `t${index}`, role: 'tool', toolCallId: id, content: result, ...(isError ? { isError } : {}) },
  ];
}
const messages = Array.from({ length: 12 }, (_, index) => call(index, `curl https://api.example.com/items/${index}`, '{"ok": true}')).flat();

describe('three-way failure-class report', () => {
  test('injectTransientFaults can repeat a fault word for word, three times in a row', () => {
    const { sessions } = injectTransientFaults([{ id: 'r', messages }], { outputs: ['a', 'b', 'c'], every: 1, twiceEvery: 1, repeatedTimes: 3, sameOutput: true });
    const planted = sessions[0]!.messages.filter((message) => message.metadata?.[INJECTED_TRANSIENT] === true);
    expect(planted).toHaveLength(36);
    expect(new Set(planted.slice(0, 3).map((message) => message.content)).size).toBe(1);
  });

  test('blocks are counted per attempt: an unknown fault three times word for word is blocked on the fourth attempt only (N = 3)', () => {
    const { sessions } = injectTransientFaults([{ id: 'r', messages }], { outputs: ['the broker said: try the other door'], every: 1, twiceEvery: 1, repeatedTimes: 3, sameOutput: true });
    const after = measureGuard(sessions);
    expect(after.transientRetriesByAttempt).toEqual([0, 12, 12, 12]);
    expect(after.guard.transientBlockedByAttempt).toEqual([0, 0, 0, 12]);
    expect(after.guard.transientWarnedByAttempt).toEqual([0, 12, 12]);
    const before = measureGuard(sessions, { failureClasses: 'two-way' });
    expect(before.guard.transientBlockedByAttempt).toEqual([0, 0, 12, 12]);
  });

  test('the report compares the guards on the real runs and every planted set, and counts classes', () => {
    const failing = [...messages, ...call(50, 'cat notes.md', 'cat: notes.md: No such file or directory', true), ...call(51, 'cat notes.md', 'cat: notes.md: No such file or directory', true)];
    const report = runThreeWayReport([{ name: 'agents', description: '', sessions: ['r1', 'r2'].map((id) => ({ id, messages: failing, probes: [], replay: 'agent' as const })) }]);
    expect(report.real).toHaveLength(2 * THREE_WAY_GUARDS.length);
    expect(report.planted).toHaveLength(PLANTED_SETS.length * THREE_WAY_GUARDS.length);
    expect(report.real[0]!.classes).toEqual({ failures: 2, transient: 0, permanent: 2, unknown: 0 });
    const permanent = report.planted.filter((row) => row.kind === 'permanent');
    // Every planted permanent failure, twice word for word, is blocked on the third attempt by every guard.
    for (const row of permanent) expect(row.measurement.guard.transientBlockedByAttempt[2]).toBe(row.measurement.transientRetriesByAttempt[2]);
    expect(formatThreeWayReport(report)).toContain('| agents holdout | sixth (blind, never tuned) | transient | three-way, N=3 (default) |');
  });

  test('classifyPlantedOutputs and countFailureClasses read the three classes', () => {
    expect(classifyPlantedOutputs(['503 Service Unavailable', 'Permission denied', 'it went sideways'])).toEqual({ transient: 1, permanent: 1, unknown: 1 });
    expect(countFailureClasses([{ messages: [...call(1, 'x', '503 Service Unavailable', true), ...call(2, 'y', 'KeyError: 3', true), ...call(3, 'z', 'it went sideways', true), ...call(4, 'w', 'fine')] }])).toEqual({ failures: 3, transient: 1, permanent: 1, unknown: 1 });
  });
});
