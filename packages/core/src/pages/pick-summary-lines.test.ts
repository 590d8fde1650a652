import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { extractTerms } from '../text/index.js';
import { pickSummaryLines, scoreSummaryLines } from './pick-summary-lines.js';

const cost = (line: string) => Math.ceil(line.length / 4) + 1;

describe('pickSummaryLines', () => {
  test.prop({ lines: fc.array(fc.string({ maxLength: 80 }), { maxLength: 30 }), room: fc.integer({ min: -5, max: 400 }), scores: fc.option(fc.array(fc.double({ min: 0, max: 10, noNaN: true }), { minLength: 30, maxLength: 30 }), { nil: undefined }) })(
    'never exceeds the room, returns distinct indexes ascending, all lines when they fit, and the same answer twice',
    ({ lines, room, scores }) => {
      const given = scores?.slice(0, lines.length);
      const picked = pickSummaryLines(lines, room, cost, given);
      expect(picked).toEqual([...new Set(picked)].sort((a, b) => a - b));
      for (const index of picked) expect(index).toBeLessThan(lines.length);
      const total = lines.reduce((sum, line) => sum + cost(line), 0);
      if (total <= room) expect(picked).toEqual(lines.map((_, index) => index));
      else expect(picked.reduce((sum, index) => sum + cost(lines[index]!), 0)).toBeLessThanOrEqual(Math.max(0, room));
      expect(pickSummaryLines(lines, room, cost, given)).toEqual(picked);
      // Without scores: a prefix of the lines (the summary's own order).
      if (given === undefined) expect(picked).toEqual(picked.map((_, index) => index));
    },
  );

  it('takes the best-scoring lines first, shows them in order, and fills the rest of the room', () => {
    const lines = ['aaaa aaaa', 'bbbb bbbb', 'cccc cccc', 'dddd dddd'];
    // Each line costs 4; room for two.
    expect(pickSummaryLines(lines, 8, cost, [0, 0, 0, 5])).toEqual([0, 3]);
    expect(pickSummaryLines(lines, 8, cost, [0, 2, 0, 5])).toEqual([1, 3]);
    expect(pickSummaryLines(lines, 8, cost, undefined)).toEqual([0, 1]);
  });
});

describe('scoreSummaryLines', () => {
  it('weighs a rare question term above one most lines hold, ignores the speaker prefix, and lifts the rest of a sub-page', () => {
    const lines = ['[1 Caroline] Hey Caroline!', '[2 Melanie] Caroline, the weather was grim.', '[3 Caroline] I adopted a greyhound.', '[3 Caroline] His name is Biscuit.', '[4 Melanie] Caroline, nice.'];
    const scores = scoreSummaryLines(lines, extractTerms('Which greyhound did Caroline adopt?'), (text) => extractTerms(text));
    expect(scores[2]).toBeGreaterThan(scores[1]!);
    expect(scores[2]).toBeGreaterThan(scores[0]!);
    // Same sub-page and speaker as the best line: lifted above lines that only name Caroline.
    expect(scores[3]).toBeGreaterThan(scores[4]!);
    expect(scoreSummaryLines(['[1 x] nothing here'], extractTerms('greyhound'), (text) => extractTerms(text))).toEqual([0]);
  });
});
