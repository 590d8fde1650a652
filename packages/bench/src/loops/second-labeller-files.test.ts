import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blindLoopEpisodes7 } from './blind-loop-episodes-7.js';
import { blindLoopEpisodes8 } from './blind-loop-episodes-8.js';
import { blindLoopEpisodes9 } from './blind-loop-episodes-9.js';
import { blindLoopEpisodes10 } from './blind-loop-episodes-10.js';
import { blindLoopEpisodes11 } from './blind-loop-episodes-11.js';
import { blindLoopEpisodes12 } from './blind-loop-episodes-12.js';
import { blindLoopEpisodes13 } from './blind-loop-episodes-13.js';
import { blindLoopEpisodes14 } from './blind-loop-episodes-14.js';
import { blindLoopEpisodes15 } from './blind-loop-episodes-15.js';

type LabelFile = { rule: string; labels: Record<string, { loop: unknown; borderline: unknown; reason: unknown }> };

describe.each([
  ['seventh', 'loop-labels-seventh-second.json', blindLoopEpisodes7],
  ['eighth', 'loop-labels-eighth-second.json', blindLoopEpisodes8],
  ['ninth', 'loop-labels-ninth-second.json', blindLoopEpisodes9],
  ['tenth', 'loop-labels-tenth-second.json', blindLoopEpisodes10],
  ['eleventh', 'loop-labels-eleventh-second.json', blindLoopEpisodes11],
  ['twelfth', 'loop-labels-twelfth-second.json', blindLoopEpisodes12],
  ['thirteenth', 'loop-labels-thirteenth-second.json', blindLoopEpisodes13],
  ['fourteenth', 'loop-labels-fourteenth-second.json', blindLoopEpisodes14],
  ['fifteenth', 'loop-labels-fifteenth-second.json', blindLoopEpisodes15],
] as const)('the second labeller of the %s blind set', (_, fileName, episodes) => {
  it('labels every episode of the set, and nothing else, with a boolean label, a borderline mark and a reason', () => {
    const file = JSON.parse(readFileSync(new URL(`./${fileName}`, import.meta.url), 'utf8')) as LabelFile;
    const ids = episodes().map((episode) => episode.id);
    expect(Object.keys(file.labels).sort()).toEqual([...ids].sort());
    for (const label of Object.values(file.labels)) {
      expect(typeof label.loop).toBe('boolean');
      expect(typeof label.borderline).toBe('boolean');
      expect(String(label.reason).length).toBeGreaterThan(10);
    }
    expect(file.rule).toMatch(/at least 3 times/);
  });
});
