import { describe, expect, it } from 'vitest';
import { BLIND_EPISODES_PER_KIND, BLIND_LOOP_KINDS, blindLoopEpisode, blindLoopEpisodes } from './blind-restatement-episodes.js';
import { hasExactRepeat, listUnitActions } from './unit-actions.js';

describe('blindLoopEpisodes', () => {
  const episodes = blindLoopEpisodes();

  it('is deterministic and labels loops by kind', () => {
    expect(blindLoopEpisodes()).toEqual(episodes);
    for (const episode of episodes) {
      expect(episode.loop).toBe(episode.kind.startsWith('loop:'));
      if (episode.borderline) expect(episode.loop).toBe(true);
      expect(episode.note.length).toBeGreaterThan(10);
    }
  });

  it('has at least 40 episodes, every kind the same number of times, loops and non-loops both well represented', () => {
    expect(episodes.length).toBe(BLIND_LOOP_KINDS.length * BLIND_EPISODES_PER_KIND);
    expect(episodes.length).toBeGreaterThanOrEqual(40);
    for (const kind of BLIND_LOOP_KINDS) expect(episodes.filter((episode) => episode.kind === kind)).toHaveLength(BLIND_EPISODES_PER_KIND);
    const loops = episodes.filter((episode) => episode.loop).length;
    expect(loops).toBeGreaterThanOrEqual(20);
    expect(episodes.length - loops).toBeGreaterThanOrEqual(20);
  });

  it('ids are unique and every tool result answers the call right before it', () => {
    for (const episode of episodes) {
      const ids = episode.messages.map((message) => message.id);
      expect(new Set(ids).size).toBe(ids.length);
      episode.messages.forEach((message, index) => {
        if (message.role === 'tool') expect(episode.messages[index - 1]!.toolCalls?.[0]?.id).toBe(message.toolCallId);
      });
    }
  });

  it('restatement loops are mostly not exact repeats (3 equal actions in 8)', () => {
    const restated = episodes.filter((episode) => episode.loop && !episode.kind.includes('exact'));
    const exact = restated.filter((episode) => hasExactRepeat(listUnitActions(episode.messages)));
    expect(exact.length).toBeLessThan(restated.length / 3);
  });

  it('a kind past the set cycles and is still deterministic', () => {
    expect(blindLoopEpisode(1000)).toEqual(blindLoopEpisode(1000));
    expect(blindLoopEpisode(1000).kind).toBe(BLIND_LOOP_KINDS[1000 % BLIND_LOOP_KINDS.length]);
  });
});
