import { describe, expect, it } from 'vitest';
import { syntheticNearLoopEpisode } from './synthetic-near-loop-episodes.js';
import { hasExactRepeat, listUnitActions } from './unit-actions.js';

describe('syntheticNearLoopEpisode', () => {
  it('is deterministic in its seed and labels loops by kind', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const episode = syntheticNearLoopEpisode(seed);
      expect(syntheticNearLoopEpisode(seed)).toEqual(episode);
      expect(episode.loop).toBe(episode.kind.startsWith('loop:'));
    }
  });

  it('plants variants, not exact repeats: no action repeats 3 times in 8 in most loop episodes', () => {
    const loops = Array.from({ length: 60 }, (_, index) => syntheticNearLoopEpisode(index + 1)).filter((episode) => episode.loop);
    const exact = loops.filter((episode) => hasExactRepeat(listUnitActions(episode.messages)));
    expect(exact.length).toBeLessThan(loops.length / 4);
  });

  it('every tool result answers its call, right after it', () => {
    const { messages } = syntheticNearLoopEpisode(5);
    messages.forEach((message, index) => {
      if (message.role === 'tool') expect(messages[index - 1]!.toolCalls?.[0]?.id).toBe(message.toolCallId);
    });
  });
});
