import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { generateSyntheticSession } from '../generate-synthetic-session.js';
import { loadDatasets } from '../runner/load-datasets.js';
import { formatGuardTable } from './format-guard-table.js';
import { mayChangeEnvironment } from './may-change-environment.js';
import { measureGuard, type GuardMeasurement } from './measure-guard.js';
import type { CairnMessage } from '@cairn/core';
import { splitRuns } from './split-runs.js';

function expectConsistent(measurement: GuardMeasurement): void {
  expect(measurement.exactRepeats + measurement.nearRepeats + measurement.otherCalls).toBe(measurement.calls);
  for (const flags of [measurement.guard, measurement.naive]) {
    expect(flags.exactFlagged).toBeLessThanOrEqual(measurement.exactRepeats);
    expect(flags.nearFlagged).toBeLessThanOrEqual(measurement.nearRepeats);
    expect(flags.falseFlags).toBeLessThanOrEqual(measurement.otherCalls);
  }
  expect(measurement.naive.exactFlagged).toBe(measurement.exactRepeats);
  expect(measurement.unchangedRepeats).toBeLessThanOrEqual(measurement.exactRepeats);
  expect(measurement.unchangedRepeatsThatSucceeded).toBeLessThanOrEqual(measurement.repeatsThatSucceeded);
  expect(measurement.naive.unchangedFlagged).toBe(measurement.unchangedRepeats);
  expect(measurement.guard.unchangedFlagged).toBeLessThanOrEqual(measurement.guard.exactFlagged);
  expect(measurement.naive.nearFlagged).toBe(0);
  expect(measurement.guard.falseBlocks).toBeLessThanOrEqual(measurement.guard.falseFlags);
}

describe('measureGuard', () => {
  test('synthetic sessions: counts add up and planted repeats are found', () => {
    const sessions = [1, 2, 3].map((seed) => generateSyntheticSession({ seed, messages: 300 }));
    const measurement = measureGuard(sessions);
    expectConsistent(measurement);
    expect(measurement.exactRepeats).toBeGreaterThan(0);
    expect(measurement.guard.exactFlagged).toBeGreaterThan(0);
    expect(measureGuard(sessions)).toEqual(measurement);
    expect(formatGuardTable([{ name: 'synthetic', measurement }])).toContain('| synthetic |');
  });

  test('an exact repeat counts as into an unchanged state only when nothing that may change the environment succeeded in between', () => {
    let next = 0;
    const call = (name: string, command: string, result: string, isError = false): CairnMessage[] => {
      const id = `c${++next}`;
      return [
        { id: `a${id}`, role: 'assistant', content: '', toolCalls: [{ id, name, arguments: { command } }] },
        { id: `t${id}`, role: 'tool', toolCallId: id, content: result, ...(isError ? { isError } : {}) },
      ];
    };
    const messages = [
      ...call('python', 'python reproduce.py', 'KeyError: 3', true),
      ...call('search_file', 'search_file KeyError', 'Found 2 matches'),
      ...call('python', 'python reproduce.py', 'KeyError: 3', true), // unchanged: only a search in between
      ...call('edit', 'edit 1:1\nx = 1\nend_of_edit', 'File updated.'),
      ...call('python', 'python reproduce.py', 'KeyError: 3', true), // after an edit: changed
      ...call('open', 'open other.py', 'No such file', true),
      ...call('python', 'python reproduce.py', 'KeyError: 3', true), // a failed open changes nothing
    ];
    const measurement = measureGuard([{ id: 's', messages }]);
    expect(measurement.exactRepeats).toBe(3);
    expect(measurement.unchangedRepeats).toBe(2);
    expect(measurement.guard.unchangedFlagged).toBe(2);
    expectConsistent(measurement);
  });

  test('mayChangeEnvironment: reads are not changes; edits, runs, opens and unknown tools are', () => {
    for (const [name, command] of [['search_dir', 'search_dir x'], ['find_file', 'find_file a.py'], ['goto', 'goto 3'], ['scroll_down', 'scroll_down'], ['get_user_details', undefined], ['rover_search_class', 'rover_search_class /r A']] as const) {
      expect(mayChangeEnvironment(name, command === undefined ? { user_id: 'u' } : { command })).toBe(false);
    }
    for (const [name, command] of [['edit', 'edit 1:1\nx\nend_of_edit'], ['python', 'python a.py'], ['open', 'open a.py'], ['cd', 'cd src'], ['book_reservation', undefined], ['bash', 'search_dir x; rm -rf build']] as const) {
      expect(mayChangeEnvironment(name, command === undefined ? { user_id: 'u' } : { command })).toBe(true);
    }
  });

  test('splitRuns keeps the agents of a run together', () => {
    const { tune, holdout } = splitRuns([{ id: 'b#x' }, { id: 'a#x' }, { id: 'a#y' }, { id: 'c' }]);
    expect(tune.map((session) => session.id)).toEqual(['a#x', 'a#y', 'c']);
    expect(holdout.map((session) => session.id)).toEqual(['b#x']);
  });

  const data = fileURLToPath(new URL('../../../../../shared/data', import.meta.url));
  test.skipIf(!existsSync(data))('real runs: counts are consistent', async () => {
    for (const dataset of await loadDatasets(data, { maxSessionsPerDataset: 6 })) {
      if (dataset.name === 'locomo') continue;
      const measurement = measureGuard(dataset.sessions);
      expectConsistent(measurement);
      expect(measurement.calls).toBeGreaterThan(0);
    }
  });
});
