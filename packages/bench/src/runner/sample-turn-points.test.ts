import { describe, expect, it } from 'vitest';
import { sampleTurnPoints } from './sample-turn-points.js';

describe('sampleTurnPoints', () => {
  it('keeps all turns when few, else evenly spaced adjacent pairs plus the required ones', () => {
    expect(sampleTurnPoints({ turnPoints: [1, 3, 5], maxTurns: 10 })).toEqual([1, 3, 5]);
    const turnPoints = Array.from({ length: 100 }, (_, index) => index * 2 + 1);
    const sampled = sampleTurnPoints({ turnPoints, maxTurns: 6, required: [101] });
    expect(sampled).toEqual([1, 3, 99, 101, 197, 199]);
    expect(sampleTurnPoints({ turnPoints, maxTurns: 6, required: [151] })).toContain(151);
  });
});
