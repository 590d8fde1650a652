import { describe, expect, it } from 'vitest';
import { formatThirdLabellerReport } from './format-third-labeller-report.js';
import { syntheticLoopEpisode } from './synthetic-loop-episodes.js';
import { reportThirdLabeller } from './third-labeller-report.js';

const options = { window: 8, repeats: 3 };
const episodes = Array.from({ length: 20 }, (_, index) => syntheticLoopEpisode(index + 1));
const units = episodes.map((episode) => ({ id: episode.id, messages: episode.messages }));

describe('reportThirdLabeller', () => {
  // The second labeller read episodes 1-10 (ground truth); the third read 6-10 as its overlap and 11-20 fresh, calling one true loop of the overlap "no loop".
  const second = new Map(episodes.slice(0, 10).map((episode) => [episode.id, episode.loop]));
  const flipped = episodes.find((episode, index) => index >= 5 && index < 10 && episode.loop)!;
  const third = new Map(episodes.slice(5).map((episode) => [episode.id, episode.id === flipped.id ? false : episode.loop]));
  const chosen = new Map(episodes.slice(5).map((episode, index) => [episode.id, index < 5 ? 'overlap' : 'random']));
  const report = reportThirdLabeller({ units, second, third, chosen, borderline: new Set([flipped.id]) }, options);
  const row = (labeller: string, subset: string, detector = 'cairn') => report.rows.find((candidate) => candidate.labeller === labeller && candidate.subset.startsWith(subset) && candidate.detector === detector)!;

  it('compares the second and third labellers on the overlap only, with the disagreement by id', () => {
    expect(report.agreement.items).toBe(5);
    expect(report.agreement.disagreements).toEqual([{ id: flipped.id, first: true, second: false }]);
    expect(report.agreementWithoutBorderline).toMatchObject({ items: 4, kappa: 1, disagreements: [] });
  });

  it('scores the fresh units apart from the overlap, per way of choosing, a chosen way with no units included', () => {
    expect(row('third', 'fresh, chosen random').units).toBe(10);
    expect(row('third', 'fresh, chosen long').units).toBe(0);
    expect(row('third', 'fresh, all').units).toBe(10);
    expect(row('third', 'overlap with').units).toBe(5);
    expect(row('second', 'the same overlap').units).toBe(5);
    // on synthetic episodes cairn matches the ground truth: perfect on the fresh units and against the second, the flipped label its one false alarm against the third
    expect(row('third', 'fresh, all')).toMatchObject({ precision: 1, recall: 1 });
    expect(row('second', 'the same overlap')).toMatchObject({ precision: 1, recall: 1 });
    expect(row('third', 'overlap with')).toMatchObject({ falseAlarms: [flipped.id], missed: [] });
    expect(report.rows.filter((candidate) => candidate.detector === 'naive')).toHaveLength(report.rows.length / 2);
  });

  it('formats kappa, the disagreement and one line per row', () => {
    const text = formatThirdLabellerReport(report);
    expect(text).toContain("Cohen's kappa");
    expect(text).toContain(`disagree: ${flipped.id} (second loop, third no loop)`);
    expect(text.split('\n').filter((line) => / (cairn|naive) +\d/.test(line))).toHaveLength(report.rows.length);
  });
});
