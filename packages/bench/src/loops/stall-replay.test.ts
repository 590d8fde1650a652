import { DEFAULT_LOOP_REPEATS, DEFAULT_LOOP_WINDOW } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { blindLoopEpisodes } from './blind-restatement-episodes.js';
import { countStuckRaises } from './count-stuck-raises.js';
import { replayLoopDetection } from './replay-loop-detection.js';

const options = { window: DEFAULT_LOOP_WINDOW, repeats: DEFAULT_LOOP_REPEATS };

describe('cairn+stall in the replay', () => {
  it('reads the user turns: it fires on refusals restated to a pushing user that near repeats miss, and the stuck count agrees', () => {
    const episodes = blindLoopEpisodes().filter((episode) => episode.kind === 'loop:tau-restated-refusal');
    expect(episodes.length).toBeGreaterThan(0);
    const fired = episodes.filter((episode) => replayLoopDetection(episode.messages, options, 'cairn+stall').fired);
    expect(fired.length).toBeGreaterThan(episodes.filter((episode) => replayLoopDetection(episode.messages, options, 'cairn+near').fired).length);
    for (const episode of fired) expect(countStuckRaises(episode.messages, options, 'cairn+stall').raises).toBeGreaterThan(0);
  });

  it('stays quiet on the hard non-loops of the blind set', () => {
    const work = blindLoopEpisodes().filter((episode) => !episode.loop);
    expect(work.filter((episode) => replayLoopDetection(episode.messages, options, 'cairn+stall').fired).map((episode) => episode.kind)).toEqual([]);
  });
});
