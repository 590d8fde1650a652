import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blindLoopEpisodes7 } from './blind-loop-episodes-7.js';

const file = JSON.parse(readFileSync(new URL('./loop-labels-seventh-second.json', import.meta.url), 'utf8')) as { rule: string; labels: Record<string, { loop: unknown; borderline: unknown; reason: unknown }> };

describe('the second labeller of the seventh blind set', () => {
  it('labels every episode of the set, and nothing else, with a boolean label, a borderline mark and a reason', () => {
    const ids = blindLoopEpisodes7().map((episode) => episode.id);
    expect(Object.keys(file.labels).sort()).toEqual([...ids].sort());
    for (const label of Object.values(file.labels)) {
      expect(typeof label.loop).toBe('boolean');
      expect(typeof label.borderline).toBe('boolean');
      expect(String(label.reason).length).toBeGreaterThan(10);
    }
    expect(file.rule).toMatch(/at least 3 times/);
  });
});
