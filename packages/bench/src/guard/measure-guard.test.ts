import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { generateSyntheticSession } from '../generate-synthetic-session.js';
import { loadDatasets } from '../runner/load-datasets.js';
import { formatGuardTable } from './format-guard-table.js';
import { measureGuard, type GuardMeasurement } from './measure-guard.js';
import { splitRuns } from './split-runs.js';

function expectConsistent(measurement: GuardMeasurement): void {
  expect(measurement.exactRepeats + measurement.nearRepeats + measurement.otherCalls).toBe(measurement.calls);
  for (const flags of [measurement.guard, measurement.naive]) {
    expect(flags.exactFlagged).toBeLessThanOrEqual(measurement.exactRepeats);
    expect(flags.nearFlagged).toBeLessThanOrEqual(measurement.nearRepeats);
    expect(flags.falseFlags).toBeLessThanOrEqual(measurement.otherCalls);
  }
  expect(measurement.naive.exactFlagged).toBe(measurement.exactRepeats);
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
