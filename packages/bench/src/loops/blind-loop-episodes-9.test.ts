import { describe, expect, it } from 'vitest';
import { actionsTakenThrice, expectLoopLengths, expectLoopsInWindow } from './test-support/expect-blind-set-shape.js';
import type { CairnMessage } from '@cairn/core';
import { BLIND_LOOP_KINDS } from './blind-restatement-episodes.js';
import { BLIND_LOOP_KINDS_2 } from './blind-loop-episodes-2.js';
import { BLIND_LOOP_KINDS_3 } from './blind-loop-episodes-3.js';
import { BLIND_LOOP_KINDS_4 } from './blind-loop-episodes-4.js';
import { BLIND_LOOP_KINDS_5 } from './blind-loop-episodes-5.js';
import { BLIND_LOOP_KINDS_6 } from './blind-loop-episodes-6.js';
import { BLIND_LOOP_KINDS_7 } from './blind-loop-episodes-7.js';
import { BLIND_LOOP_KINDS_8 } from './blind-loop-episodes-8.js';
import { BLIND_EPISODES_PER_KIND_9, BLIND_LOOP_KINDS_9, OBSERVED_KINDS_9, blindLoopEpisode9, blindLoopEpisodes9, type BlindLoopEpisode9 } from './blind-loop-episodes-9.js';
import { args7, evidence7, signature7 } from './test-support/blind-set-7-queries.js';
import { expectWellFormedEpisodes } from './test-support/expect-well-formed-episodes.js';

const episodes = blindLoopEpisodes9();
const loops = episodes.filter((episode) => episode.loop);
/** Non-loop kinds borderline in every episode (README: "Borderline"). */
const BORDERLINE_WORK = ['work:lab-triplicate-reading-per-sop', 'work:voice-clip-replayed-on-request', 'work:cicd-canary-check-between-traffic-steps'];
/** The non-loop kind borderline when it takes more than "a retry or two". */
const BACKOFF = 'work:travel-seat-hold-backoff-then-held';
/** Non-loop kinds allowed to hold the exact form of the rule (one action, keys sorted, the same outcome 3+ times). */
const EXACT_FORM_WORK = ['work:voice-clip-replayed-on-request', 'work:cicd-canary-check-between-traffic-steps'];
/** Loop kinds made of rounds of two steps. */
const ROUND_KINDS = ['loop:coder-two-file-shuttle-without-edit', 'loop:cicd-rerun-then-log-same-refusal'];
/** The kind names of the two synthetic sets, whose lists are not exported. */
const SYNTHETIC_KINDS = [
  'loop:same-failing-call', 'loop:same-read', 'loop:same-reply', 'loop:two-step-cycle', 'work:paging', 'work:edit-run-iteration', 'work:near-identical-calls', 'work:twice-only', 'work:spread-out-repeats', 'work:plain',
  'loop:varied-rejected-edit', 'loop:reworded-refusal', 'loop:reworded-request', 'work:other-value-each-try', 'work:offer-with-new-values', 'work:varied-edit-that-applies',
];
const domainOf = (episode: BlindLoopEpisode9): string => episode.kind.split(':')[1]!.split('-')[0]!;
const ofKinds = (...kinds: string[]): BlindLoopEpisode9[] => episodes.filter((episode) => kinds.includes(episode.kind));
const distinct = (values: readonly unknown[]): number => new Set(values.map((value) => JSON.stringify(value))).size;
const outcome = (call: { result?: { content?: unknown } }): string => String(call.result?.content ?? '');
const signature = (call: { message: CairnMessage }): string => signature7(call.message);
const argsOf = (call: { message: CairnMessage }): Record<string, unknown> => args7(call.message);

describe('blindLoopEpisodes9', () => {
  it('is deterministic: the same set every call, each episode the same by index', () => {
    expect(blindLoopEpisodes9()).toEqual(episodes);
    expect(blindLoopEpisode9(40)).toEqual(episodes[40]);
    expect(blindLoopEpisode9(777)).toEqual(blindLoopEpisode9(777));
    expect(blindLoopEpisode9(777).kind).toBe(BLIND_LOOP_KINDS_9[777 % BLIND_LOOP_KINDS_9.length]);
  });

  it('has 72 episodes of 24 kinds, 30 loops (42%), over ten domains', () => {
    expect(episodes).toHaveLength(72);
    expect(BLIND_LOOP_KINDS_9).toHaveLength(24);
    expect(new Set(BLIND_LOOP_KINDS_9).size).toBe(24);
    for (const kind of BLIND_LOOP_KINDS_9) expect(episodes.filter((episode) => episode.kind === kind)).toHaveLength(BLIND_EPISODES_PER_KIND_9);
    expect(loops).toHaveLength(30);
    const perDomain = (domain: string): [number, number] => [episodes.filter((episode) => domainOf(episode) === domain).length, loops.filter((episode) => domainOf(episode) === domain).length];
    expect(['service', 'coder', 'legal', 'pdf', 'shop', 'triage', 'lab', 'voice', 'travel', 'cicd'].map(perDomain)).toEqual([[9, 3], [6, 3], [6, 3], [6, 3], [6, 3], [6, 3], [9, 3], [6, 3], [9, 3], [9, 3]]);
  });

  it('has two strata: observed (5 kinds: tau-bench and CodeR; 6 loops) and novel (19 kinds, none in customer service or coding; 24 loops)', () => {
    expect(OBSERVED_KINDS_9).toHaveLength(5);
    for (const episode of episodes) expect(episode.stratum, episode.id).toBe(OBSERVED_KINDS_9.includes(episode.kind) ? 'observed' : 'novel');
    const observed = episodes.filter((episode) => episode.stratum === 'observed');
    const novel = episodes.filter((episode) => episode.stratum === 'novel');
    expect([observed.length, novel.length]).toEqual([15, 57]);
    expect([observed, novel].map((stratum) => stratum.filter((episode) => episode.loop).length)).toEqual([6, 24]);
    expect(observed.every((episode) => ['service', 'coder'].includes(domainOf(episode)))).toBe(true);
    expect(novel.some((episode) => ['service', 'coder'].includes(domainOf(episode)))).toBe(false);
  });

  it('plants only kinds that no earlier blind or synthetic set has (the eighth included)', () => {
    const bare = (kind: string): string => kind.replace(/^(loop|work):(tau-|service-|coder-)?/, '');
    const earlier = new Set([...BLIND_LOOP_KINDS, ...BLIND_LOOP_KINDS_2, ...BLIND_LOOP_KINDS_3, ...BLIND_LOOP_KINDS_4, ...BLIND_LOOP_KINDS_5, ...BLIND_LOOP_KINDS_6, ...BLIND_LOOP_KINDS_7, ...BLIND_LOOP_KINDS_8, ...SYNTHETIC_KINDS].map(bare));
    for (const kind of BLIND_LOOP_KINDS_9) expect(earlier.has(bare(kind)), kind).toBe(false);
  });

  it('labels by kind; borderline loops are those of 3 repeats; borderline non-loops the three kinds named and the longer backoffs', () => {
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
        expect(episode.borderline, episode.id).toBe(BORDERLINE_WORK.includes(episode.kind) || (episode.kind === BACKOFF && episode.evidenceIds.length >= 4));
      }
    }
    expect(loops.filter((episode) => episode.borderline)).toHaveLength(10);
    expect(episodes.filter((episode) => !episode.loop && episode.borderline)).toHaveLength(11);
  });

  it('every loop kind has one loop of 3, one of 4 and one of 5 or more', () => {
    expectLoopLengths(episodes, BLIND_LOOP_KINDS_9);
  });

  it('every message is well formed: each call answered by the next message, ids unique across the set', () => {
    expectWellFormedEpisodes(episodes);
  });

  it('every loop stays in a window: three repeats within 4 assistant messages, three rounds (two steps each) within 6', () => {
    expectLoopsInWindow(loops, ROUND_KINDS);
  });

  it('no non-loop holds the exact form of the rule (an action, keys sorted, the same outcome 3 times) — except the requested and required repetitions', () => {
    for (const episode of episodes.filter((candidate) => !candidate.loop)) {
      const over = actionsTakenThrice(episode);
      expect(over, episode.id).toHaveLength(EXACT_FORM_WORK.includes(episode.kind) ? 1 : 0);
    }
  });
});

describe('ninth blind set, loops as built', () => {
  it('volatile loops: the identical call each time; the outputs differ, but not once stamps, ids and counters are masked', () => {
    const masks: Record<string, (text: string) => string> = {
      'loop:travel-rail-quote-fresh-quote-id': (text) => text.replace(/"(quote_id|quoted_at|expires_at)":"[^"]*"/g, '"$1":X'),
      'loop:lab-instrument-busy-retried-at-once': (text) => text.replace(/"checked_at":"[^"]*"/, '').replace(/"eta_min":\d+/, ''),
      'loop:cicd-rerun-then-log-same-refusal': (text) => text.replace(/"(run_id|duration_s)":\d+/g, '"$1":N'),
    };
    for (const episode of ofKinds(...Object.keys(masks))) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
      expect(distinct(calls.map((call) => masks[episode.kind]!(outcome(call)))), episode.id).toBe(1);
    }
  });

  it('jittered arguments: a different argument string each time, the identical outcome', () => {
    for (const episode of ofKinds('loop:legal-heading-respelled-clause-not-found', 'loop:pdf-scanned-page-bbox-nudged')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(calls.length);
      expect(distinct(calls.map(outcome)), episode.id).toBe(1);
    }
    for (const episode of ofKinds('loop:legal-heading-respelled-clause-not-found')) {
      expect(distinct(evidence7(episode).map((call) => String(argsOf(call)['heading']).toLowerCase().replace(/[^a-z]/g, '').split('').sort().join(''))), episode.id).toBe(1);
    }
  });

  it('a plan re-announced: new words each time over the identical read, and no update ever sent', () => {
    for (const episode of ofKinds('loop:shop-price-update-announced-never-sent')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(1);
      expect(distinct(calls.map((call) => call.message.content)), episode.id).toBe(calls.length);
      expect(episode.messages.some((message) => message.toolCalls?.[0]?.name === 'update_price'), episode.id).toBe(false);
    }
  });

  it('rounds repeat the same two-step sequence of calls (outcomes identical once run ids, clocks and durations are masked)', () => {
    const mask = (text: string): string => text.replace(/\[\d\d:\d\d:\d\d\] run \d+/, '[T] run R').replace(/"(run_id|duration_s)":\d+/g, '"$1":N');
    for (const episode of ofKinds(...ROUND_KINDS)) {
      const starts = evidence7(episode).map((call) => call.index);
      const period = starts[1]! - starts[0]!;
      const rounds = starts.map((start) => episode.messages.slice(start, start + period).filter((message) => message.role === 'tool').map((message) => `${message.name}:${mask(String(message.content))}`));
      for (const round of rounds) expect(round, episode.id).toEqual(rounds[0]);
      expect(rounds[0], episode.id).toHaveLength(2);
    }
  });

  it('restatement loops: replies with no call between, each worded anew, the other side speaking between them', () => {
    for (const episode of ofKinds('loop:service-no-cancellation-restated-as-traveller-insists', 'loop:triage-pain-score-asked-again-bilingual', 'loop:voice-city-reprompt-after-garbled-asr')) {
      const replies = evidence7(episode);
      expect(replies.every((reply) => reply.message.toolCalls === undefined), episode.id).toBe(true);
      expect(distinct(replies.map((reply) => reply.message.content)), episode.id).toBe(replies.length);
      const between = episode.messages.slice(replies[0]!.index, replies.at(-1)!.index);
      expect(between.some((message) => message.toolCalls !== undefined), episode.id).toBe(false);
      for (const reply of replies) expect(episode.messages[reply.index + 1]?.role, episode.id).toBe('user');
    }
    for (const episode of ofKinds('loop:voice-city-reprompt-after-garbled-asr')) {
      const answers = evidence7(episode).map((reply) => String(episode.messages[reply.index + 1]!.content));
      expect(distinct(answers), episode.id).toBe(answers.length);
      expect(distinct(answers.map((answer) => answer.replace(/\[asr [^\]]*\] /, ''))), episode.id).toBe(1);
    }
  });
});

describe('ninth blind set, non-loops as built', () => {
  it('progressing polls and pages: the identical call (or the same query by page), a new outcome each time', () => {
    for (const episode of ofKinds('work:triage-queue-position-advances', 'work:cicd-pipeline-stages-advance', 'work:coder-scroll-same-words-new-lines')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
    }
    for (const episode of ofKinds('work:coder-scroll-same-words-new-lines')) expect(distinct(evidence7(episode).map((call) => call.message.content)), episode.id).toBe(1);
    for (const episode of ofKinds('work:triage-queue-position-advances')) {
      const positions = evidence7(episode).map((call) => Number(JSON.parse(outcome(call)).position));
      expect(positions, episode.id).toEqual([...positions].sort((a, b) => b - a));
      expect(positions.at(-1), episode.id).toBe(0);
    }
    for (const episode of ofKinds('work:travel-hotel-results-paged')) {
      const calls = evidence7(episode);
      expect(calls.map((call) => argsOf(call)['page']), episode.id).toEqual(calls.map((_, index) => index + 1));
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
    }
  });

  it('same tool, a different target or a real change each time', () => {
    const field: Record<string, string> = {
      'work:service-direct-search-per-candidate-airport': 'destination',
      'work:service-cancel-ritual-per-booking': 'trip_code',
      'work:legal-governing-law-per-contract': 'contract_id',
      'work:shop-same-narration-new-skus': 'sku',
      'work:pdf-ocr-rerun-at-higher-dpi': 'dpi',
      'work:lab-paper-search-narrowed': 'query',
    };
    for (const episode of ofKinds(...Object.keys(field))) {
      const calls = evidence7(episode);
      const key = episode.kind === 'work:pdf-ocr-rerun-at-higher-dpi' ? (call: (typeof calls)[number]) => signature(call) : (call: (typeof calls)[number]) => argsOf(call)[field[episode.kind]!];
      expect(distinct(calls.map(key)), episode.id).toBe(calls.length);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
    }
    for (const episode of ofKinds('work:shop-same-narration-new-skus', 'work:legal-governing-law-per-contract')) expect(distinct(evidence7(episode).map((call) => call.message.content)), episode.id).toBe(1);
  });

  it('backoff: a wait of the asked time before every retry, the last attempt succeeding', () => {
    for (const episode of ofKinds(BACKOFF)) {
      const calls = evidence7(episode);
      for (let index = 1; index < calls.length; index++) {
        const asked = JSON.parse(outcome(calls[index - 1]!)).retry_after_s;
        const wait = episode.messages.slice(calls[index - 1]!.index + 2, calls[index]!.index).find((message) => message.toolCalls?.[0]?.name === 'wait');
        expect((wait?.toolCalls?.[0]?.arguments as { seconds: number }).seconds, episode.id).toBe(asked);
      }
      expect(JSON.parse(outcome(calls.at(-1)!)).held, episode.id).toBe(true);
    }
  });

  it('requested and required repetitions', () => {
    for (const episode of ofKinds('work:voice-clip-replayed-on-request')) {
      for (const call of evidence7(episode).slice(1)) expect(String(episode.messages[call.index - 1]!.content), episode.id).toMatch(/[Nn]och/);
    }
    for (const episode of ofKinds('work:lab-triplicate-reading-per-sop')) {
      expect(String(episode.messages[1]!.content), episode.id).toContain(['three', 'four', 'five'][episode.evidenceIds.length - 3]!);
      expect(distinct(evidence7(episode).map(signature)), episode.id).toBe(1);
    }
    for (const episode of ofKinds('work:cicd-canary-check-between-traffic-steps')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(outcome)), episode.id).toBe(1);
      const steps = calls.map((call) => argsOf({ message: episode.messages[call.index + 2]! })['canary_percent']);
      expect(distinct(steps), episode.id).toBe(steps.length);
    }
  });
});
