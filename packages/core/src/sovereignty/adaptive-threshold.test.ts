import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { adaptiveThreshold } from './adaptive-threshold.js';

describe('adaptiveThreshold', () => {
  it('applies each rule of the seed', () => {
    const base = { base: 0.7, progress: 0.5, errorRate: 0, loop: false };
    expect(adaptiveThreshold(base)).toBe(0.7);
    expect(adaptiveThreshold({ ...base, progress: 0.1 })).toBe(0.8);
    expect(adaptiveThreshold({ ...base, progress: 0.9 })).toBe(0.6);
    expect(adaptiveThreshold({ ...base, errorRate: 1 })).toBe(0.85);
    expect(adaptiveThreshold({ ...base, loop: true })).toBe(0.55);
    expect(adaptiveThreshold({ ...base, progress: undefined })).toBe(0.7);
    expect(adaptiveThreshold({ base: 0.9, progress: 0.1, errorRate: 1, loop: false })).toBe(0.95);
    expect(adaptiveThreshold({ base: 0.5, progress: 0.9, errorRate: 0, loop: true })).toBe(0.5);
  });

  test.prop([fc.double({ min: 0.5, max: 0.95, noNaN: true }), fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean()])(
    'stays in 0.5–0.95; a loop never raises it; errors never lower it',
    (base, progress, errorRate, loop) => {
      const value = adaptiveThreshold({ base, progress, errorRate, loop });
      expect(value).toBeGreaterThanOrEqual(0.5);
      expect(value).toBeLessThanOrEqual(0.95);
      expect(adaptiveThreshold({ base, progress, errorRate, loop: true })).toBeLessThanOrEqual(adaptiveThreshold({ base, progress, errorRate, loop: false }));
      expect(adaptiveThreshold({ base, progress, errorRate, loop })).toBeGreaterThanOrEqual(adaptiveThreshold({ base, progress, errorRate: 0, loop }));
    },
  );
});
