import { describe, expect, it } from 'vitest';
import { formatSecondLabellerReport } from './format-second-labeller-report.js';
import { reportSecondLabeller } from './second-labeller-report.js';
import { syntheticLoopEpisode } from './synthetic-loop-episodes.js';

const options = { window: 8, repeats: 3 };
const episodes = Array.from({ length: 20 }, (_, index) => syntheticLoopEpisode(index + 1));
const units = episodes.map((episode) => ({ id: episode.id, messages: episode.messages }));

describe('reportSecondLabeller', () => {
  // The first labeller reads the first 10 episodes; the second reads episodes 6-20 and calls one true loop "no loop".
  const first = new Map(episodes.slice(0, 10).map((episode) => [episode.id, episode.loop]));
  const flipped = episodes.find((episode, index) => index >= 5 && index < 10 && episode.loop)!;
  const second = new Map(episodes.slice(5).map((episode) => [episode.id, episode.id === flipped.id ? false : episode.loop]));
  const chosen = new Map(episodes.slice(5).map((episode, index) => [episode.id, first.has(episode.id) ? 'first-labelled' : index % 2 === 0 ? 'random' : 'long']));
  const report = reportSecondLabeller({ units, first, second, chosen, borderline: new Set([flipped.id]) }, options);

  it('compares the labellers on the units both read, with the disagreement by id', () => {
    expect(report.agreement.items).toBe(5);
    expect(report.agreement.disagreements).toEqual([{ id: flipped.id, first: true, second: false }]);
    // the flipped unit is marked borderline: without it the two agree everywhere
    expect(report.agreementWithoutBorderline).toMatchObject({ items: 4, kappa: 1, disagreements: [] });
  });

  it('scores against each labeller per subset, the held-out subset holding only units the first never read', () => {
    const row = (labeller: string, subset: string, detector = 'cairn') => report.rows.find((candidate) => candidate.labeller === labeller && candidate.subset.startsWith(subset) && candidate.detector === detector)!;
    expect(row('second', 'held-out:').units).toBe(10);
    expect(row('second', 'held-out, chosen random').units + row('second', 'held-out, chosen long').units).toBe(10);
    expect(row('first', 'all units').units).toBe(20);
    expect(row('second', 'all read, borderline left out')).toMatchObject({ units: 14, falseAlarms: [] });
    // on synthetic episodes cairn matches the ground truth, so against the first (truth) it is perfect, and the flipped label is its one false alarm against the second
    expect(row('first', 'read by the first')).toMatchObject({ precision: 1, recall: 1 });
    expect(row('second', 'read by both')).toMatchObject({ falseAlarms: [flipped.id], missed: [] });
    expect(report.rows.filter((candidate) => candidate.detector === 'naive')).toHaveLength(report.rows.length / 2);
  });

  it('formats kappa, the disagreements and one line per row', () => {
    const text = formatSecondLabellerReport(report);
    expect(text).toContain("Cohen's kappa");
    expect(text).toContain(`disagree: ${flipped.id} (first loop, second no loop)`);
    expect(text.split('\n').filter((line) => / (cairn|naive) +\d/.test(line))).toHaveLength(report.rows.length);
  });
});
