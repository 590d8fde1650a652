import { describe, expect, it } from 'vitest';
import { actionsTakenThrice, expectLoopLengths, expectLoopsInWindow } from './test-support/expect-blind-set-shape.js';
import { BLIND_LOOP_KINDS } from './blind-restatement-episodes.js';
import { BLIND_LOOP_KINDS_2 } from './blind-loop-episodes-2.js';
import { BLIND_LOOP_KINDS_3 } from './blind-loop-episodes-3.js';
import { BLIND_LOOP_KINDS_4 } from './blind-loop-episodes-4.js';
import { BLIND_LOOP_KINDS_5 } from './blind-loop-episodes-5.js';
import { BLIND_LOOP_KINDS_6 } from './blind-loop-episodes-6.js';
import { BLIND_EPISODES_PER_KIND_7, BLIND_LOOP_KINDS_7, OBSERVED_KINDS_7, blindLoopEpisode7, blindLoopEpisodes7, type BlindLoopEpisode7 } from './blind-loop-episodes-7.js';
import { evidence7 } from './test-support/blind-set-7-queries.js';
import { expectWellFormedEpisodes } from './test-support/expect-well-formed-episodes.js';

const episodes = blindLoopEpisodes7();
const loops = episodes.filter((episode) => episode.loop);
/** Non-loop kinds borderline in every episode (README: "Borderline"). */
const BORDERLINE_WORK = [
  'work:coder-script-reopened-between-module-edits',
  'work:coder-scroll-down-then-back-up',
  'work:coder-tester-edits-script-until-pass',
  'work:web-korean-directions-repeated-on-request',
  'work:crew-handoff-checklist-read-each-time',
];
/** The probe kind is borderline only where 3 or more refusals are identical. */
const PROBE = 'work:ops-probe-backoff-then-healthy';
/** Non-loop kinds allowed to hold the exact form of the rule (one action, keys sorted, the same normalised outcome 3+ times). */
const EXACT_FORM_WORK = ['work:coder-script-reopened-between-module-edits', 'work:coder-tester-edits-script-until-pass', 'work:web-korean-directions-repeated-on-request', 'work:crew-handoff-checklist-read-each-time', PROBE];
/** Loop kinds made of rounds of two steps. */
const ROUND_KINDS = ['loop:web-paywall-archive-alternation', 'loop:sql-refresh-view-count-zero'];
/** The kind names of the two synthetic sets, whose lists are not exported. */
const SYNTHETIC_KINDS = [
  'loop:same-failing-call', 'loop:same-read', 'loop:same-reply', 'loop:two-step-cycle', 'work:paging', 'work:edit-run-iteration', 'work:near-identical-calls', 'work:twice-only', 'work:spread-out-repeats', 'work:plain',
  'loop:varied-rejected-edit', 'loop:reworded-refusal', 'loop:reworded-request', 'work:other-value-each-try', 'work:offer-with-new-values', 'work:varied-edit-that-applies',
];
const domainOf = (episode: BlindLoopEpisode7): string => episode.kind.split(':')[1]!.split('-')[0]!;
const refusals = (episode: BlindLoopEpisode7): number => evidence7(episode).filter((call) => call.result!.isError === true).length;

describe('blindLoopEpisodes7', () => {
  it('is deterministic: the same set every call, each episode the same by index', () => {
    expect(blindLoopEpisodes7()).toEqual(episodes);
    expect(blindLoopEpisode7(40)).toEqual(episodes[40]);
    expect(blindLoopEpisode7(777)).toEqual(blindLoopEpisode7(777));
    expect(blindLoopEpisode7(777).kind).toBe(BLIND_LOOP_KINDS_7[777 % BLIND_LOOP_KINDS_7.length]);
  });

  it('has 81 episodes of 27 kinds, 33 loops (41%), over six domains', () => {
    expect(episodes).toHaveLength(81);
    expect(BLIND_LOOP_KINDS_7).toHaveLength(27);
    expect(new Set(BLIND_LOOP_KINDS_7).size).toBe(27);
    for (const kind of BLIND_LOOP_KINDS_7) expect(episodes.filter((episode) => episode.kind === kind)).toHaveLength(BLIND_EPISODES_PER_KIND_7);
    expect(loops).toHaveLength(33);
    const perDomain = (domain: string): [number, number] => [episodes.filter((episode) => domainOf(episode) === domain).length, loops.filter((episode) => domainOf(episode) === domain).length];
    expect(['service', 'coder', 'web', 'sql', 'ops', 'crew'].map(perDomain)).toEqual([[12, 3], [18, 6], [18, 9], [15, 9], [9, 3], [9, 3]]);
  });

  it('has two strata: observed (10 kinds: tau-bench and CodeR; 9 loops) and novel (17 kinds, all outside customer service and coding; 24 loops)', () => {
    expect(OBSERVED_KINDS_7).toHaveLength(10);
    for (const episode of episodes) expect(episode.stratum, episode.id).toBe(OBSERVED_KINDS_7.includes(episode.kind) ? 'observed' : 'novel');
    const observed = episodes.filter((episode) => episode.stratum === 'observed');
    const novel = episodes.filter((episode) => episode.stratum === 'novel');
    expect([observed.length, novel.length]).toEqual([30, 51]);
    expect([observed, novel].map((stratum) => stratum.filter((episode) => episode.loop).length)).toEqual([9, 24]);
    expect(observed.every((episode) => ['service', 'coder'].includes(domainOf(episode)))).toBe(true);
    expect(novel.some((episode) => ['service', 'coder'].includes(domainOf(episode)))).toBe(false);
  });

  it('plants only kinds that no earlier blind or synthetic set has (the fifth and sixth included)', () => {
    const bare = (kind: string): string => kind.replace(/^(loop|work):(tau-|service-|coder-)?/, '');
    const earlier = new Set([...BLIND_LOOP_KINDS, ...BLIND_LOOP_KINDS_2, ...BLIND_LOOP_KINDS_3, ...BLIND_LOOP_KINDS_4, ...BLIND_LOOP_KINDS_5, ...BLIND_LOOP_KINDS_6, ...SYNTHETIC_KINDS].map(bare));
    for (const kind of BLIND_LOOP_KINDS_7) expect(earlier.has(bare(kind)), kind).toBe(false);
  });

  it('labels by kind; borderline loops are those of 3 repeats; borderline non-loops the five kinds named and the probes with 3+ identical refusals', () => {
    for (const episode of episodes) {
      expect(episode.loop).toBe(episode.kind.startsWith('loop:'));
      expect(episode.note.length, episode.id).toBeGreaterThan(60);
      if (episode.loop) {
        expect(episode.repeats).toBeGreaterThanOrEqual(3);
        expect(episode.repeats).toBeLessThanOrEqual(6);
        expect(episode.evidenceIds).toHaveLength(episode.repeats);
        expect(episode.borderline, episode.id).toBe(episode.repeats === 3);
      } else {
        expect(episode.repeats).toBe(0);
        expect(episode.evidenceIds.length, episode.id).toBeGreaterThanOrEqual(3);
        expect(episode.borderline, episode.id).toBe(BORDERLINE_WORK.includes(episode.kind) || (episode.kind === PROBE && refusals(episode) >= 3));
      }
    }
    expect(loops.filter((episode) => episode.borderline)).toHaveLength(11);
    expect(episodes.filter((episode) => !episode.loop && episode.borderline)).toHaveLength(16);
  });

  it('every loop kind has one loop of 3, one of 4 and one of 5 or more', () => {
    expectLoopLengths(episodes, BLIND_LOOP_KINDS_7);
  });

  it('every message is well formed: each call answered by the next message, ids unique across the set', () => {
    expectWellFormedEpisodes(episodes);
  });

  it('every loop stays in a window: three repeats within 4 assistant messages, three rounds (two steps each) within 6', () => {
    expectLoopsInWindow(loops, ROUND_KINDS);
  });

  it('no non-loop holds the exact form of the rule (an action, keys sorted, the same normalised outcome 3 times) — except the required, requested or re-checking repetitions', () => {
    for (const episode of episodes.filter((candidate) => !candidate.loop)) {
      const over = actionsTakenThrice(episode);
      if (episode.kind === PROBE) expect(over, episode.id).toHaveLength(refusals(episode) >= 3 ? 1 : 0);
      else if (EXACT_FORM_WORK.includes(episode.kind)) expect(over, episode.id).toHaveLength(1);
      else expect(over, episode.id).toEqual([]);
    }
  });
});
