import { describe, expect, it } from 'vitest';
import { BLIND_LOOP_KINDS } from './blind-restatement-episodes.js';
import { BLIND_LOOP_KINDS_2 } from './blind-loop-episodes-2.js';
import { BLIND_LOOP_KINDS_3 } from './blind-loop-episodes-3.js';
import { BLIND_EPISODES_PER_KIND_4, BLIND_LOOP_KINDS_4, blindLoopEpisode4, blindLoopEpisodes4 } from './blind-loop-episodes-4.js';
import { actionKey, text4 } from './test-support/blind-set-4-queries.js';

const episodes = blindLoopEpisodes4();
const loops = episodes.filter((episode) => episode.loop);
const ALWAYS_BORDERLINE_LOOP = 'loop:coder-version-asked-many-ways';

describe('blindLoopEpisodes4', () => {
  it('is deterministic: the same set every call, each episode the same by index', () => {
    expect(blindLoopEpisodes4()).toEqual(episodes);
    expect(blindLoopEpisode4(37)).toEqual(episodes[37]);
    expect(blindLoopEpisode4(555)).toEqual(blindLoopEpisode4(555));
    expect(blindLoopEpisode4(555).kind).toBe(BLIND_LOOP_KINDS_4[555 % BLIND_LOOP_KINDS_4.length]);
  });

  it('has 90 episodes of 30 kinds, 36 loops (40%), half customer service and half coding agents', () => {
    expect(episodes).toHaveLength(90);
    expect(BLIND_LOOP_KINDS_4).toHaveLength(30);
    expect(new Set(BLIND_LOOP_KINDS_4).size).toBe(30);
    for (const kind of BLIND_LOOP_KINDS_4) expect(episodes.filter((episode) => episode.kind === kind)).toHaveLength(BLIND_EPISODES_PER_KIND_4);
    expect(loops).toHaveLength(36);
    expect(episodes.filter((episode) => episode.kind.includes(':service-'))).toHaveLength(45);
    expect(episodes.filter((episode) => episode.kind.includes(':coder-'))).toHaveLength(45);
    expect(loops.filter((episode) => episode.kind.includes(':service-'))).toHaveLength(18);
  });

  it('plants only kinds the three earlier blind sets do not have', () => {
    const bare = (kind: string): string => kind.replace(/^(loop|work):(tau-|service-|coder-)?/, '');
    const earlier = new Set([...BLIND_LOOP_KINDS, ...BLIND_LOOP_KINDS_2, ...BLIND_LOOP_KINDS_3].map(bare));
    for (const kind of BLIND_LOOP_KINDS_4) expect(earlier.has(bare(kind)), kind).toBe(false);
  });

  it('labels by kind; borderline loops are those of 3 repeats and the version kind; borderline non-loops the user still looking and three format slips', () => {
    for (const episode of episodes) {
      expect(episode.loop).toBe(episode.kind.startsWith('loop:'));
      expect(episode.note.length, episode.id).toBeGreaterThan(60);
      if (episode.loop) {
        expect(episode.repeats).toBeGreaterThanOrEqual(3);
        expect(episode.repeats).toBeLessThanOrEqual(7);
        expect(episode.evidenceIds).toHaveLength(episode.repeats);
        expect(episode.borderline, episode.id).toBe(episode.repeats === 3 || episode.kind === ALWAYS_BORDERLINE_LOOP);
      } else {
        expect(episode.repeats).toBe(0);
        expect(episode.evidenceIds.length, episode.id).toBeGreaterThanOrEqual(2);
        const slips = episode.kind === 'work:coder-format-error-recovers' && episode.evidenceIds.length >= 3;
        expect(episode.borderline, episode.id).toBe(episode.kind === 'work:service-user-still-looking' || slips);
      }
    }
    expect(loops.filter((episode) => episode.borderline)).toHaveLength(14);
    expect(episodes.filter((episode) => !episode.loop && episode.borderline)).toHaveLength(5);
  });

  it('every loop kind has one loop of 3, one of 4 and one of 5 or more', () => {
    for (const kind of BLIND_LOOP_KINDS_4.filter((candidate) => candidate.startsWith('loop:'))) {
      const lengths = episodes.filter((episode) => episode.kind === kind).map((episode) => episode.repeats);
      expect(lengths.slice(0, 2), kind).toEqual([3, 4]);
      expect(lengths[2], kind).toBeGreaterThanOrEqual(5);
    }
  });

  it('every message is well formed: each call answered by the next message, ids unique across the set', () => {
    const all = new Set<string>();
    for (const episode of episodes) {
      expect(episode.messages[0]!.role).toBe('system');
      episode.messages.forEach((message, index) => {
        expect(all.has(message.id), message.id).toBe(false);
        all.add(message.id);
        expect(typeof message.content).toBe('string');
        if (message.role !== 'tool' && !message.toolCalls) expect(text4(message).length, message.id).toBeGreaterThan(0);
        if (message.toolCalls) {
          expect(message.role).toBe('assistant');
          expect(message.toolCalls).toHaveLength(1);
          const next = episode.messages[index + 1];
          expect(next?.role).toBe('tool');
          expect(next?.toolCallId).toBe(message.toolCalls[0]!.id);
          expect(next?.name).toBe(message.toolCalls[0]!.name);
        }
        if (message.role === 'tool') expect(episode.messages[index - 1]!.toolCalls?.[0]?.id).toBe(message.toolCallId);
      });
      for (const id of episode.evidenceIds) expect(episode.messages.find((message) => message.id === id)?.role, `${episode.id} ${id}`).toBe('assistant');
    }
  });

  it('every loop repeats within a window: any 3 consecutive repetitions lie within 10 agent actions', () => {
    for (const episode of loops) {
      const actions = episode.messages.filter((message) => message.role === 'assistant').map((message) => message.id);
      const positions = episode.evidenceIds.map((id) => actions.indexOf(id));
      for (let index = 0; index + 2 < positions.length; index++) {
        expect(positions[index + 1]!).toBeGreaterThan(positions[index]!);
        expect(positions[index + 2]! - positions[index]!, episode.id).toBeLessThan(10);
      }
    }
  });

  it('no non-loop holds the exact form of the rule: no agent action (keys sorted, run times and job ids ignored) with the same outcome 3 times', () => {
    for (const episode of episodes.filter((candidate) => !candidate.loop)) {
      const seen = new Map<string, number>();
      episode.messages.forEach((message, index) => {
        if (message.role !== 'assistant') return;
        const key = actionKey(episode, index);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      });
      expect(Math.max(...seen.values()), episode.id).toBeLessThan(3);
    }
  });
});
