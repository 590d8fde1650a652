import { describe, expect, it } from 'vitest';
import { BLIND_LOOP_KINDS } from './blind-restatement-episodes.js';
import { BLIND_LOOP_KINDS_2 } from './blind-loop-episodes-2.js';
import { BLIND_EPISODES_PER_KIND_3, BLIND_LOOP_KINDS_3, blindLoopEpisode3, blindLoopEpisodes3 } from './blind-loop-episodes-3.js';
import { normalised, text } from './test-support/blind-set-3-queries.js';

const episodes = blindLoopEpisodes3();
const loops = episodes.filter((episode) => episode.loop);
const BORDERLINE_WORK = ['work:service-twice-then-moves-on', 'work:service-user-toggles', 'work:coder-twice-then-edits', 'work:coder-flakiness-probe'];

describe('blindLoopEpisodes3', () => {
  it('is deterministic: the same set every call, each episode the same by index', () => {
    expect(blindLoopEpisodes3()).toEqual(episodes);
    expect(blindLoopEpisode3(41)).toEqual(episodes[41]);
    expect(blindLoopEpisode3(700)).toEqual(blindLoopEpisode3(700));
    expect(blindLoopEpisode3(700).kind).toBe(BLIND_LOOP_KINDS_3[700 % BLIND_LOOP_KINDS_3.length]);
  });

  it('has 108 episodes of 36 kinds, 45 loops (42%), half customer service and half CodeR', () => {
    expect(episodes).toHaveLength(108);
    expect(BLIND_LOOP_KINDS_3).toHaveLength(36);
    expect(new Set(BLIND_LOOP_KINDS_3).size).toBe(36);
    for (const kind of BLIND_LOOP_KINDS_3) expect(episodes.filter((episode) => episode.kind === kind)).toHaveLength(BLIND_EPISODES_PER_KIND_3);
    expect(loops).toHaveLength(45);
    expect(loops.length / episodes.length).toBeGreaterThan(0.38);
    expect(loops.length / episodes.length).toBeLessThan(0.45);
    expect(episodes.filter((episode) => episode.kind.includes(':service-'))).toHaveLength(54);
    expect(episodes.filter((episode) => episode.kind.includes(':coder-'))).toHaveLength(54);
    expect(loops.filter((episode) => episode.kind.includes(':service-'))).toHaveLength(24);
  });

  it('plants only kinds the two earlier blind sets do not have', () => {
    const bare = (kind: string): string => kind.replace(/^(loop|work):(tau-|service-|coder-)?/, '');
    const earlier = new Set([...BLIND_LOOP_KINDS, ...BLIND_LOOP_KINDS_2].map(bare));
    for (const kind of BLIND_LOOP_KINDS_3) expect(earlier.has(bare(kind)), kind).toBe(false);
  });

  it('labels by kind: loops repeat 3 … 8 times; borderline loops are those of 3 and the no-progress kind; four non-loop kinds are borderline', () => {
    for (const episode of episodes) {
      expect(episode.loop).toBe(episode.kind.startsWith('loop:'));
      expect(episode.note.length, episode.id).toBeGreaterThan(60);
      if (episode.loop) {
        expect(episode.repeats).toBeGreaterThanOrEqual(3);
        expect(episode.repeats).toBeLessThanOrEqual(8);
        expect(episode.evidenceIds).toHaveLength(episode.repeats);
        expect(episode.borderline, episode.id).toBe(episode.repeats === 3 || episode.kind === 'loop:coder-find-missing-file');
      } else {
        expect(episode.repeats).toBe(0);
        expect(episode.evidenceIds.length).toBeGreaterThanOrEqual(2);
        expect(episode.borderline, episode.id).toBe(BORDERLINE_WORK.includes(episode.kind));
      }
    }
    expect(loops.filter((episode) => episode.borderline)).toHaveLength(17);
    expect(episodes.filter((episode) => !episode.loop && episode.borderline)).toHaveLength(12);
  });

  it('every loop kind has one loop of 3, one of 4 and one of 5 or more', () => {
    for (const kind of BLIND_LOOP_KINDS_3.filter((candidate) => candidate.startsWith('loop:'))) {
      const lengths = episodes.filter((episode) => episode.kind === kind).map((episode) => episode.repeats);
      expect(lengths.slice(0, 2)).toEqual([3, 4]);
      expect(lengths[2]).toBeGreaterThanOrEqual(5);
    }
    expect(loops.some((episode) => episode.repeats >= 7)).toBe(true);
  });

  it('every message is well formed: each call answered by the next message, ids unique across the set', () => {
    const all = new Set<string>();
    for (const episode of episodes) {
      expect(episode.messages[0]!.role).toBe('system');
      episode.messages.forEach((message, index) => {
        expect(all.has(message.id), message.id).toBe(false);
        all.add(message.id);
        expect(typeof message.content).toBe('string');
        if (message.role !== 'tool' && !message.toolCalls) expect(text(message).length, message.id).toBeGreaterThan(0);
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

  it('no non-loop holds the exact form of the rule: no agent action with the same outcome 3 times (run times and stamps ignored)', () => {
    for (const episode of episodes.filter((candidate) => !candidate.loop)) {
      const seen = new Map<string, number>();
      episode.messages.forEach((message, index) => {
        if (message.role !== 'assistant') return;
        const call = message.toolCalls?.[0];
        const key = call ? JSON.stringify([call.name, call.arguments, normalised(text(episode.messages[index + 1]))]) : text(message);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      });
      expect(Math.max(...seen.values()), episode.id).toBeLessThan(3);
    }
  });

  it('every loop but the documented no-progress kind repeats one identical call or one identical reply fragment at least 3 times', () => {
    for (const episode of loops.filter((candidate) => candidate.kind !== 'loop:coder-find-missing-file')) {
      const counts = new Map<string, number>();
      episode.messages.forEach((message, index) => {
        if (message.role !== 'assistant') return;
        const call = message.toolCalls?.[0];
        // A call with its (normalised) outcome; a reply by its words after the first sentence (where restated replies agree), or by the word "cancel" for the promise loop.
        const key = call ? JSON.stringify([call.name, call.arguments, normalised(text(episode.messages[index + 1]))]) : /cancel/i.test(text(message)) ? 'promise:cancel' : `reply:${text(message).split(/(?<=[:.!?]) /).slice(1).join(' ')}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      });
      counts.delete('reply:');
      expect(Math.max(...counts.values()), episode.id).toBeGreaterThanOrEqual(3);
    }
  });
});
