import { describe, expect, it } from 'vitest';
import { formatFourthLabellerReport } from './format-fourth-labeller-report.js';
import { reportFourthLabeller } from './fourth-labeller-report.js';
import { syntheticLoopEpisode } from './synthetic-loop-episodes.js';

const options = { window: 8, repeats: 3 };
const episodes = Array.from({ length: 30 }, (_, index) => syntheticLoopEpisode(index + 1));
const units = episodes.map((episode) => ({ id: episode.id, messages: episode.messages }));

describe('reportFourthLabeller', () => {
  // The third read episodes 1-15 (1-5 its overlap with the second, 6-15 fresh); the fourth read 11-15 as its overlap with the third and 16-30 fresh, calling one true loop of the overlap "no loop".
  const third = new Map(episodes.slice(0, 15).map((episode) => [episode.id, episode.loop]));
  const thirdChosen = new Map(episodes.slice(0, 15).map((episode, index) => [episode.id, index < 5 ? 'overlap' : 'random']));
  const flipped = episodes.find((episode, index) => index >= 10 && index < 15 && episode.loop)!;
  const fourth = new Map(episodes.slice(10).map((episode) => [episode.id, episode.id === flipped.id ? false : episode.loop]));
  const fourthChosen = new Map(episodes.slice(10).map((episode, index) => [episode.id, index < 5 ? 'overlap-third' : 'fresh']));
  const report = reportFourthLabeller({ units, third, fourth, thirdChosen, fourthChosen, borderline: new Set([flipped.id]) }, options);
  const row = (labeller: string, subset: string, detector = 'cairn') => report.rows.find((candidate) => candidate.labeller === labeller && candidate.subset.startsWith(subset) && candidate.detector === detector)!;

  it('compares the third and fourth labellers on the overlap only, with the disagreement by id', () => {
    expect(report.agreement.items).toBe(5);
    expect(report.agreement.disagreements).toEqual([{ id: flipped.id, first: true, second: false }]);
    expect(report.agreementWithoutBorderline).toMatchObject({ items: 4, kappa: 1, disagreements: [] });
  });

  it('pools the third’s fresh units (not its overlap with the second; those the fourth re-read with the third’s labels) with the fourth’s fresh units', () => {
    expect(row('fourth', 'fresh (').units).toBe(15);
    expect(row('fourth', 'overlap with').units).toBe(5);
    expect(row('third', 'the same overlap').units).toBe(5);
    // the third's fresh 6-15, plus the fourth's 15 fresh; the flipped unit is the fourth's borderline mark, left out of the second pooled row
    expect(row('pooled', "third's fresh").units).toBe(25);
    expect(row('pooled', 'the same, borderline').units).toBe(24);
    expect(row('fourth', 'fresh, borderline').units).toBe(15);
    // on synthetic episodes cairn matches the ground truth: perfect on the fresh and pooled units and against the third, the flipped label its one false alarm against the fourth
    expect(row('pooled', "third's fresh")).toMatchObject({ precision: 1, recall: 1 });
    expect(row('third', 'the same overlap')).toMatchObject({ precision: 1, recall: 1 });
    expect(row('fourth', 'overlap with')).toMatchObject({ falseAlarms: [flipped.id], missed: [] });
    expect(report.rows.filter((candidate) => candidate.detector === 'naive')).toHaveLength(report.rows.length / 2);
  });

  it('formats kappa, the disagreement and one line per row', () => {
    const text = formatFourthLabellerReport(report);
    expect(text).toContain("Cohen's kappa");
    expect(text).toContain(`disagree: ${flipped.id} (third loop, fourth no loop)`);
    expect(text.split('\n').filter((line) => / (cairn|naive) +\d/.test(line))).toHaveLength(report.rows.length);
  });
});
