import { describe, expect, it } from 'vitest';
import { BLIND_LOOP_KINDS } from './blind-restatement-episodes.js';
import { BLIND_LOOP_KINDS_2 } from './blind-loop-episodes-2.js';
import { BLIND_LOOP_KINDS_3 } from './blind-loop-episodes-3.js';
import { BLIND_LOOP_KINDS_4 } from './blind-loop-episodes-4.js';
import { BLIND_LOOP_KINDS_5 } from './blind-loop-episodes-5.js';
import { BLIND_EPISODES_PER_KIND_6, BLIND_LOOP_KINDS_6, OBSERVED_KINDS_6, blindLoopEpisode6, blindLoopEpisodes6 } from './blind-loop-episodes-6.js';
import { actionKey6 } from './test-support/blind-set-6-queries.js';
import { expectWellFormedEpisodes } from './test-support/expect-well-formed-episodes.js';

const episodes = blindLoopEpisodes6();
const loops = episodes.filter((episode) => episode.loop);
const ALWAYS_BORDERLINE_LOOPS = ['loop:service-handover-summary-reworded'];
const BORDERLINE_WORK = ['work:service-pin-check-before-each-write', 'work:coder-succeed-closes-each-role', 'work:coder-benchmark-median-of-runs'];
/** The kind names of the two synthetic sets (`synthetic-loop-episodes.ts`, `synthetic-near-loop-episodes.ts`), whose lists are not exported. */
const SYNTHETIC_KINDS = [
  'loop:same-failing-call', 'loop:same-read', 'loop:same-reply', 'loop:two-step-cycle', 'work:paging', 'work:edit-run-iteration', 'work:near-identical-calls', 'work:twice-only', 'work:spread-out-repeats', 'work:plain',
  'loop:varied-rejected-edit', 'loop:reworded-refusal', 'loop:reworded-request', 'work:other-value-each-try', 'work:offer-with-new-values', 'work:varied-edit-that-applies',
];

describe('blindLoopEpisodes6', () => {
  it('is deterministic: the same set every call, each episode the same by index', () => {
    expect(blindLoopEpisodes6()).toEqual(episodes);
    expect(blindLoopEpisode6(29)).toEqual(episodes[29]);
    expect(blindLoopEpisode6(555)).toEqual(blindLoopEpisode6(555));
    expect(blindLoopEpisode6(555).kind).toBe(BLIND_LOOP_KINDS_6[555 % BLIND_LOOP_KINDS_6.length]);
  });

  it('has 72 episodes of 24 kinds, 27 loops (37.5%), half customer service and half coding agents', () => {
    expect(episodes).toHaveLength(72);
    expect(BLIND_LOOP_KINDS_6).toHaveLength(24);
    expect(new Set(BLIND_LOOP_KINDS_6).size).toBe(24);
    for (const kind of BLIND_LOOP_KINDS_6) expect(episodes.filter((episode) => episode.kind === kind)).toHaveLength(BLIND_EPISODES_PER_KIND_6);
    expect(loops).toHaveLength(27);
    expect(episodes.filter((episode) => episode.kind.includes(':service-'))).toHaveLength(36);
    expect(episodes.filter((episode) => episode.kind.includes(':coder-'))).toHaveLength(36);
    expect(loops.filter((episode) => episode.kind.includes(':service-'))).toHaveLength(12);
  });

  it('has two strata of 12 kinds each: observed (9 loops; 3 + 3 borderline) and novel (18 loops; 8 + 6 borderline), each half service, half coding', () => {
    expect(OBSERVED_KINDS_6).toHaveLength(12);
    for (const episode of episodes) expect(episode.stratum, episode.id).toBe(OBSERVED_KINDS_6.includes(episode.kind) ? 'observed' : 'novel');
    const observed = episodes.filter((episode) => episode.stratum === 'observed');
    const novel = episodes.filter((episode) => episode.stratum === 'novel');
    expect(observed).toHaveLength(36);
    expect([observed, novel].map((stratum) => stratum.filter((episode) => episode.loop).length)).toEqual([9, 18]);
    expect([observed, novel].map((stratum) => stratum.filter((episode) => episode.kind.includes(':service-')).length)).toEqual([18, 18]);
    expect([observed, novel].map((stratum) => stratum.filter((episode) => episode.loop && episode.borderline).length)).toEqual([3, 8]);
    expect([observed, novel].map((stratum) => stratum.filter((episode) => !episode.loop && episode.borderline).length)).toEqual([3, 6]);
  });

  it('plants only kinds that no earlier blind or synthetic set has (the fifth included)', () => {
    const bare = (kind: string): string => kind.replace(/^(loop|work):(tau-|service-|coder-)?/, '');
    const earlier = new Set([...BLIND_LOOP_KINDS, ...BLIND_LOOP_KINDS_2, ...BLIND_LOOP_KINDS_3, ...BLIND_LOOP_KINDS_4, ...BLIND_LOOP_KINDS_5, ...SYNTHETIC_KINDS].map(bare));
    for (const kind of BLIND_LOOP_KINDS_6) expect(earlier.has(bare(kind)), kind).toBe(false);
  });

  it('labels by kind; borderline loops are those of 3 repeats and the reworded handover; borderline non-loops the three required repetitions', () => {
    for (const episode of episodes) {
      expect(episode.loop).toBe(episode.kind.startsWith('loop:'));
      expect(episode.note.length, episode.id).toBeGreaterThan(60);
      if (episode.loop) {
        expect(episode.repeats).toBeGreaterThanOrEqual(3);
        expect(episode.repeats).toBeLessThanOrEqual(6);
        expect(episode.evidenceIds).toHaveLength(episode.repeats);
        expect(episode.borderline, episode.id).toBe(episode.repeats === 3 || ALWAYS_BORDERLINE_LOOPS.includes(episode.kind));
      } else {
        expect(episode.repeats).toBe(0);
        expect(episode.evidenceIds.length, episode.id).toBeGreaterThanOrEqual(3);
        expect(episode.borderline, episode.id).toBe(BORDERLINE_WORK.includes(episode.kind));
      }
    }
    expect(loops.filter((episode) => episode.borderline)).toHaveLength(11);
    expect(episodes.filter((episode) => !episode.loop && episode.borderline)).toHaveLength(9);
  });

  it('every loop kind has one loop of 3, one of 4 and one of 5 or more', () => {
    for (const kind of BLIND_LOOP_KINDS_6.filter((candidate) => candidate.startsWith('loop:'))) {
      const lengths = episodes.filter((episode) => episode.kind === kind).map((episode) => episode.repeats);
      expect(lengths.slice(0, 2), kind).toEqual([3, 4]);
      expect(lengths[2], kind).toBeGreaterThanOrEqual(5);
    }
  });

  it('every message is well formed: each call answered by the next message, ids unique across the set', () => {
    expectWellFormedEpisodes(episodes);
  });

  it('every loop stays in a window: one-step kinds within 8 assistant messages per 3 repeats, rounds (of up to three steps) within 10', () => {
    for (const episode of loops) {
      const actions = episode.messages.filter((message) => message.role === 'assistant').map((message) => message.id);
      const positions = episode.evidenceIds.map((id) => actions.indexOf(id));
      const limit = /round|alternate|refetched/.test(episode.kind) ? 10 : 8;
      for (let index = 0; index + 2 < positions.length; index++) {
        expect(positions[index + 1]!).toBeGreaterThan(positions[index]!);
        expect(positions[index + 2]! - positions[index]!, episode.id).toBeLessThan(limit);
      }
    }
  });

  it('no non-loop holds the exact form of the rule (an action, keys sorted, with the same normalised outcome 3 times) — except the three required repetitions', () => {
    for (const episode of episodes.filter((candidate) => !candidate.loop)) {
      const seen = new Map<string, number>();
      episode.messages.forEach((message, index) => {
        if (message.role !== 'assistant') return;
        const key = actionKey6(episode, index);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      });
      const over = [...seen].filter(([, count]) => count >= 3).map(([key]) => key);
      if (BORDERLINE_WORK.includes(episode.kind)) {
        expect(over, episode.id).toHaveLength(1);
        expect(over[0]!.split('{')[0], episode.id).toBe(episode.kind.includes('pin') ? 'verify_pin' : episode.kind.includes('succeed') ? 'succeed' : 'run_shell');
      } else expect(over, episode.id).toEqual([]);
    }
  });
});
