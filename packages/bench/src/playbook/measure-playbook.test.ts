import { describe, expect, test } from 'vitest';
import { measurePlaybookOnSessions, measurePlaybookUtility } from './measure-playbook.js';

describe('playbook measurements', () => {
  test('planted lessons: deterministic, bounded, and net utility follows the truth', () => {
    const measurement = measurePlaybookUtility({ seed: 3, rounds: 600 });
    expect(measurePlaybookUtility({ seed: 3, rounds: 600 })).toEqual(measurement);
    expect(measurement.maxTokens).toBeLessThanOrEqual(measurement.budgetTokens);
    expect(measurement.usefulRetained).toBeLessThanOrEqual(measurement.useful);
    expect(measurement.utilityCorrelation).toBeGreaterThan(0);
  });

  test('generated sessions: recoveries are found and the playbook stays bounded', () => {
    const measurement = measurePlaybookOnSessions([5], 300);
    expect(measurement.messages).toBeGreaterThan(250);
    expect(measurement.retainedRecoveries).toBeLessThanOrEqual(measurement.plantedRecoveries);
    expect(measurement.maxBullets).toBeLessThanOrEqual(200);
  });
});
