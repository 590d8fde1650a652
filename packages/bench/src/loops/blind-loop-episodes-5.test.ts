import { describe, expect, it } from 'vitest';
import { BLIND_LOOP_KINDS } from './blind-restatement-episodes.js';
import { BLIND_LOOP_KINDS_2 } from './blind-loop-episodes-2.js';
import { BLIND_LOOP_KINDS_3 } from './blind-loop-episodes-3.js';
import { BLIND_LOOP_KINDS_4 } from './blind-loop-episodes-4.js';
import { BLIND_EPISODES_PER_KIND_5, BLIND_LOOP_KINDS_5, OBSERVED_KINDS_5, blindLoopEpisode5, blindLoopEpisodes5 } from './blind-loop-episodes-5.js';
import { actionKey5 } from './test-support/blind-set-5-queries.js';
import { expectWellFormedEpisodes } from './test-support/expect-well-formed-episodes.js';

const episodes = blindLoopEpisodes5();
const loops = episodes.filter((episode) => episode.loop);
const ALWAYS_BORDERLINE_LOOPS = ['loop:service-claim-poll-timestamp-only'];
const BORDERLINE_WORK = ['work:service-sweep-rerun-for-new-ask', 'work:service-mandated-disclosure-each-plan', 'work:coder-indent-slip-then-fixed'];
/** The kind names of the two synthetic sets (`synthetic-loop-episodes.ts`, `synthetic-near-loop-episodes.ts`), whose lists are not exported. */
const SYNTHETIC_KINDS = [
  'loop:same-failing-call', 'loop:same-read', 'loop:same-reply', 'loop:two-step-cycle', 'work:paging', 'work:edit-run-iteration', 'work:near-identical-calls', 'work:twice-only', 'work:spread-out-repeats', 'work:plain',
  'loop:varied-rejected-edit', 'loop:reworded-refusal', 'loop:reworded-request', 'work:other-value-each-try', 'work:offer-with-new-values', 'work:varied-edit-that-applies',
];

describe('blindLoopEpisodes5', () => {
  it('is deterministic: the same set every call, each episode the same by index', () => {
    expect(blindLoopEpisodes5()).toEqual(episodes);
    expect(blindLoopEpisode5(41)).toEqual(episodes[41]);
    expect(blindLoopEpisode5(777)).toEqual(blindLoopEpisode5(777));
    expect(blindLoopEpisode5(777).kind).toBe(BLIND_LOOP_KINDS_5[777 % BLIND_LOOP_KINDS_5.length]);
  });

  it('has 96 episodes of 32 kinds, 39 loops (~40%), half customer service and half coding agents', () => {
    expect(episodes).toHaveLength(96);
    expect(BLIND_LOOP_KINDS_5).toHaveLength(32);
    expect(new Set(BLIND_LOOP_KINDS_5).size).toBe(32);
    for (const kind of BLIND_LOOP_KINDS_5) expect(episodes.filter((episode) => episode.kind === kind)).toHaveLength(BLIND_EPISODES_PER_KIND_5);
    expect(loops).toHaveLength(39);
    expect(episodes.filter((episode) => episode.kind.includes(':service-'))).toHaveLength(48);
    expect(episodes.filter((episode) => episode.kind.includes(':coder-'))).toHaveLength(48);
    expect(loops.filter((episode) => episode.kind.includes(':service-'))).toHaveLength(21);
  });

  it('has two strata of 16 kinds each: observed (18 loops; 6 + 6 borderline) and novel (21 loops; 9 + 3 borderline), each half service, half coding', () => {
    expect(OBSERVED_KINDS_5).toHaveLength(16);
    for (const episode of episodes) expect(episode.stratum, episode.id).toBe(OBSERVED_KINDS_5.includes(episode.kind) ? 'observed' : 'novel');
    const observed = episodes.filter((episode) => episode.stratum === 'observed');
    expect(observed).toHaveLength(48);
    expect(observed.filter((episode) => episode.loop)).toHaveLength(18);
    expect(episodes.filter((episode) => episode.stratum === 'novel' && episode.loop)).toHaveLength(21);
    expect(observed.filter((episode) => episode.kind.includes(':service-'))).toHaveLength(24);
    const novel = episodes.filter((episode) => episode.stratum === 'novel');
    expect([observed, novel].map((stratum) => stratum.filter((episode) => episode.loop && episode.borderline).length)).toEqual([6, 9]);
    expect([observed, novel].map((stratum) => stratum.filter((episode) => !episode.loop && episode.borderline).length)).toEqual([6, 3]);
  });

  it('plants only kinds that no earlier blind or synthetic set has', () => {
    const bare = (kind: string): string => kind.replace(/^(loop|work):(tau-|service-|coder-)?/, '');
    const earlier = new Set([...BLIND_LOOP_KINDS, ...BLIND_LOOP_KINDS_2, ...BLIND_LOOP_KINDS_3, ...BLIND_LOOP_KINDS_4, ...SYNTHETIC_KINDS].map(bare));
    for (const kind of BLIND_LOOP_KINDS_5) expect(earlier.has(bare(kind)), kind).toBe(false);
  });

  it('labels by kind; borderline loops are those of 3 repeats and the claim poll; borderline non-loops the three look-alike kinds', () => {
    for (const episode of episodes) {
      expect(episode.loop).toBe(episode.kind.startsWith('loop:'));
      expect(episode.note.length, episode.id).toBeGreaterThan(60);
      if (episode.loop) {
        expect(episode.repeats).toBeGreaterThanOrEqual(3);
        expect(episode.repeats).toBeLessThanOrEqual(7);
        expect(episode.evidenceIds).toHaveLength(episode.repeats);
        expect(episode.borderline, episode.id).toBe(episode.repeats === 3 || ALWAYS_BORDERLINE_LOOPS.includes(episode.kind));
      } else {
        expect(episode.repeats).toBe(0);
        expect(episode.evidenceIds.length, episode.id).toBeGreaterThanOrEqual(3);
        expect(episode.borderline, episode.id).toBe(BORDERLINE_WORK.includes(episode.kind));
      }
    }
    expect(loops.filter((episode) => episode.borderline)).toHaveLength(15);
    expect(episodes.filter((episode) => !episode.loop && episode.borderline)).toHaveLength(9);
  });

  it('every loop kind has one loop of 3, one of 4 and one of 5 or more', () => {
    for (const kind of BLIND_LOOP_KINDS_5.filter((candidate) => candidate.startsWith('loop:'))) {
      const lengths = episodes.filter((episode) => episode.kind === kind).map((episode) => episode.repeats);
      expect(lengths.slice(0, 2), kind).toEqual([3, 4]);
      expect(lengths[2], kind).toBeGreaterThanOrEqual(5);
    }
  });

  it('every message is well formed: each call answered by the next message, ids unique across the set', () => {
    expectWellFormedEpisodes(episodes);
  });

  it('every loop repeats within a window: any 3 consecutive repetitions lie within 10 agent actions, in order', () => {
    for (const episode of loops) {
      const actions = episode.messages.filter((message) => message.role === 'assistant').map((message) => message.id);
      const positions = episode.evidenceIds.map((id) => actions.indexOf(id));
      for (let index = 0; index + 2 < positions.length; index++) {
        expect(positions[index + 1]!).toBeGreaterThan(positions[index]!);
        expect(positions[index + 2]! - positions[index]!, episode.id).toBeLessThan(10);
      }
    }
  });

  it('no non-loop holds the exact form of the rule (an action, keys sorted and ids normalised, with the same outcome 3 times) — except the mandated disclosure, which is verbatim by design', () => {
    for (const episode of episodes.filter((candidate) => !candidate.loop)) {
      const seen = new Map<string, number>();
      episode.messages.forEach((message, index) => {
        if (message.role !== 'assistant') return;
        const key = actionKey5(episode, index);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      });
      const over = [...seen].filter(([, count]) => count >= 3).map(([key]) => key);
      if (episode.kind === 'work:service-mandated-disclosure-each-plan') {
        expect(over, episode.id).toHaveLength(1);
        expect(over[0]!.startsWith('say: Before I add it, I am required to read this'), episode.id).toBe(true);
      } else expect(over, episode.id).toEqual([]);
    }
  });
});
