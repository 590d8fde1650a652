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
import { BLIND_LOOP_KINDS_9 } from './blind-loop-episodes-9.js';
import { BLIND_EPISODES_PER_KIND_10, BLIND_LOOP_KINDS_10, OBSERVED_KINDS_10, blindLoopEpisode10, blindLoopEpisodes10, type BlindLoopEpisode10 } from './blind-loop-episodes-10.js';
import { args7, evidence7, signature7 } from './test-support/blind-set-7-queries.js';
import { expectWellFormedEpisodes } from './test-support/expect-well-formed-episodes.js';

const episodes = blindLoopEpisodes10();
const loops = episodes.filter((episode) => episode.loop);
/** Non-loop kinds borderline in every episode (README: "Borderline"). */
const BORDERLINE_WORK = ['work:playlist-preview-replayed-on-request', 'work:incident-evidence-hash-per-custody-step'];
/** The non-loop kind borderline when it takes more than "a retry or two". */
const BACKOFF = 'work:dispatch-dock-slot-backoff-then-booked';
/** Non-loop kinds allowed to hold the exact form of the rule (one action, keys sorted, the same outcome 3+ times). */
const EXACT_FORM_WORK = BORDERLINE_WORK;
/** Loop kinds made of rounds of two steps. */
const ROUND_KINDS = ['loop:close-reconcile-then-export-same-variance'];
/** The kind names of the two synthetic sets, whose lists are not exported. */
const SYNTHETIC_KINDS = [
  'loop:same-failing-call', 'loop:same-read', 'loop:same-reply', 'loop:two-step-cycle', 'work:paging', 'work:edit-run-iteration', 'work:near-identical-calls', 'work:twice-only', 'work:spread-out-repeats', 'work:plain',
  'loop:varied-rejected-edit', 'loop:reworded-refusal', 'loop:reworded-request', 'work:other-value-each-try', 'work:offer-with-new-values', 'work:varied-edit-that-applies',
];
const domainOf = (episode: BlindLoopEpisode10): string => episode.kind.split(':')[1]!.split('-')[0]!;
const ofKinds = (...kinds: string[]): BlindLoopEpisode10[] => episodes.filter((episode) => kinds.includes(episode.kind));
const distinct = (values: readonly unknown[]): number => new Set(values.map((value) => JSON.stringify(value))).size;
const outcome = (call: { result?: { content?: unknown } }): string => String(call.result?.content ?? '');
const signature = (call: { message: CairnMessage }): string => signature7(call.message);
const argsOf = (call: { message: CairnMessage }): Record<string, unknown> => args7(call.message);

describe('blindLoopEpisodes10', () => {
  it('is deterministic: the same set every call, each episode the same by index', () => {
    expect(blindLoopEpisodes10()).toEqual(episodes);
    expect(blindLoopEpisode10(33)).toEqual(episodes[33]);
    expect(blindLoopEpisode10(555)).toEqual(blindLoopEpisode10(555));
    expect(blindLoopEpisode10(555).kind).toBe(BLIND_LOOP_KINDS_10[555 % BLIND_LOOP_KINDS_10.length]);
  });

  it('has 60 episodes of 20 kinds, 27 loops (45%), over nine domains', () => {
    expect(episodes).toHaveLength(60);
    expect(BLIND_LOOP_KINDS_10).toHaveLength(20);
    expect(new Set(BLIND_LOOP_KINDS_10).size).toBe(20);
    for (const kind of BLIND_LOOP_KINDS_10) expect(episodes.filter((episode) => episode.kind === kind)).toHaveLength(BLIND_EPISODES_PER_KIND_10);
    expect(loops).toHaveLength(27);
    const perDomain = (domain: string): [number, number] => [episodes.filter((episode) => domainOf(episode) === domain).length, loops.filter((episode) => domainOf(episode) === domain).length];
    expect(['service', 'claims', 'listing', 'hr', 'close', 'playlist', 'incident', 'catalogue', 'dispatch'].map(perDomain)).toEqual([[15, 6], [6, 3], [6, 3], [6, 3], [6, 3], [6, 3], [6, 3], [3, 0], [6, 3]]);
  });

  it('has two strata: observed (5 kinds from tau-bench; 6 loops) and novel (15 kinds outside customer service; 21 loops)', () => {
    expect(OBSERVED_KINDS_10).toHaveLength(5);
    for (const episode of episodes) expect(episode.stratum, episode.id).toBe(OBSERVED_KINDS_10.includes(episode.kind) ? 'observed' : 'novel');
    const observed = episodes.filter((episode) => episode.stratum === 'observed');
    const novel = episodes.filter((episode) => episode.stratum === 'novel');
    expect([observed.length, novel.length]).toEqual([15, 45]);
    expect([observed, novel].map((stratum) => stratum.filter((episode) => episode.loop).length)).toEqual([6, 21]);
    expect(observed.every((episode) => domainOf(episode) === 'service')).toBe(true);
    expect(novel.some((episode) => domainOf(episode) === 'service')).toBe(false);
  });

  it('plants only kinds that no earlier blind or synthetic set has (the ninth included)', () => {
    const bare = (kind: string): string => kind.replace(/^(loop|work):(tau-|service-|coder-)?/, '');
    const earlier = new Set([...BLIND_LOOP_KINDS, ...BLIND_LOOP_KINDS_2, ...BLIND_LOOP_KINDS_3, ...BLIND_LOOP_KINDS_4, ...BLIND_LOOP_KINDS_5, ...BLIND_LOOP_KINDS_6, ...BLIND_LOOP_KINDS_7, ...BLIND_LOOP_KINDS_8, ...BLIND_LOOP_KINDS_9, ...SYNTHETIC_KINDS].map(bare));
    for (const kind of BLIND_LOOP_KINDS_10) expect(earlier.has(bare(kind)), kind).toBe(false);
  });

  it('labels by kind; borderline loops are those of 3 repeats; borderline non-loops the two kinds named and the longer backoffs', () => {
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
    expect(loops.filter((episode) => episode.borderline)).toHaveLength(9);
    const backoffs = ofKinds(BACKOFF).filter((episode) => episode.evidenceIds.length >= 4).length;
    expect(episodes.filter((episode) => !episode.loop && episode.borderline)).toHaveLength(6 + backoffs);
    expect(backoffs).toBeGreaterThanOrEqual(1);
  });

  it('every loop kind has one loop of 3, one of 4 and one of 5 or more', () => {
    expectLoopLengths(episodes, BLIND_LOOP_KINDS_10);
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

describe('tenth blind set, loops as built', () => {
  it('volatile loops: the identical call each time; the outputs differ, but not once stamps, ids and timings are masked', () => {
    const masks: Record<string, (text: string) => string> = {
      'loop:claims-pending-adjuster-polled-fresh-request-id': (text) => text.replace(/"(request_id|checked_at)":"[^"]*"/g, '"$1":X'),
    };
    for (const episode of ofKinds(...Object.keys(masks))) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
      expect(distinct(calls.map((call) => masks[episode.kind]!(outcome(call)))), episode.id).toBe(1);
    }
  });

  it('jittered arguments: a different argument string each time, the same outcome (once timings are masked)', () => {
    const mask = (text: string): string => text.replace(/"computed_in_ms":\d+/, '');
    for (const episode of ofKinds('loop:listing-geo-search-coordinates-nudged', 'loop:playlist-add-track-title-recased', 'loop:dispatch-route-recalc-bridge-closed')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(episode.kind.startsWith('loop:dispatch') ? 2 : calls.length);
      expect(distinct(calls.map((call) => mask(outcome(call)))), episode.id).toBe(1);
    }
    for (const episode of ofKinds('loop:listing-geo-search-coordinates-nudged')) {
      for (const call of evidence7(episode)) {
        expect(Math.abs(Number(argsOf(call)['lat']) - 39.46975), episode.id).toBeLessThan(0.0001);
        expect(argsOf(call)['radius_m'], episode.id).toBe(300);
      }
    }
    for (const episode of ofKinds('loop:playlist-add-track-title-recased')) {
      expect(distinct(evidence7(episode).map((call) => String(argsOf(call)['title']).toLowerCase().replace(/[\s_]+/g, ' ').trim())), episode.id).toBe(1);
    }
  });

  it('the same booking resubmitted: identical call and refusal, and no calculation between', () => {
    for (const episode of ofKinds('loop:service-booking-resubmitted-with-same-short-payment')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(1);
      expect(episode.messages.some((message) => message.toolCalls?.[0]?.name === 'calculate'), episode.id).toBe(false);
    }
  });

  it('a plan re-announced: new words each time over the identical read, and isolate_host never called', () => {
    for (const episode of ofKinds('loop:incident-isolation-announced-never-sent')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(1);
      expect(distinct(calls.map((call) => call.message.content)), episode.id).toBe(calls.length);
      expect(episode.messages.some((message) => message.toolCalls?.[0]?.name === 'isolate_host'), episode.id).toBe(false);
    }
  });

  it('rounds repeat the same two-step sequence of calls (outcomes identical once run ids, durations and stamps are masked)', () => {
    const mask = (text: string): string => text.replace(/"(run_id|duration_ms)":\d+/g, '"$1":N').replace(/exported [^:]+:\d\d:\d\dZ/, 'exported T');
    for (const episode of ofKinds(...ROUND_KINDS)) {
      const starts = evidence7(episode).map((call) => call.index);
      const period = starts[1]! - starts[0]!;
      const rounds = starts.map((start) => episode.messages.slice(start, start + period).filter((message) => message.role === 'tool').map((message) => `${message.name}:${mask(String(message.content))}`));
      for (const round of rounds) expect(round, episode.id).toEqual(rounds[0]);
      expect(rounds[0], episode.id).toHaveLength(2);
    }
  });

  it('restatement loops: replies with no call between, each worded anew, the other side answering the same each time', () => {
    const stripStamp = (text: string): string => text.replace(/\[Réponse automatique [^\]]*\]/, '');
    for (const episode of ofKinds('loop:service-trip-code-demanded-again-though-unknown', 'loop:hr-interview-slot-asked-again-auto-reply')) {
      const replies = evidence7(episode);
      expect(replies.every((reply) => reply.message.toolCalls === undefined), episode.id).toBe(true);
      expect(distinct(replies.map((reply) => reply.message.content)), episode.id).toBe(replies.length);
      const between = episode.messages.slice(replies[0]!.index, replies.at(-1)!.index);
      expect(between.some((message) => message.toolCalls !== undefined), episode.id).toBe(false);
      for (const reply of replies) expect(episode.messages[reply.index + 1]?.role, episode.id).toBe('user');
    }
    for (const episode of ofKinds('loop:hr-interview-slot-asked-again-auto-reply')) {
      const answers = evidence7(episode).map((reply) => String(episode.messages[reply.index + 1]!.content));
      expect(distinct(answers), episode.id).toBe(answers.length);
      expect(distinct(answers.map(stripStamp)), episode.id).toBe(1);
    }
  });
});

describe('tenth blind set, non-loops as built', () => {
  it('progressing polls and pages: the identical call (or the same query by page), a new outcome each time', () => {
    for (const episode of ofKinds('work:claims-upload-scan-progresses')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
      const percents = calls.map((call) => Number(JSON.parse(outcome(call)).scanned_percent));
      expect(percents, episode.id).toEqual([...percents].sort((a, b) => a - b));
      expect(percents.at(-1), episode.id).toBe(100);
    }
    for (const episode of ofKinds('work:listing-search-results-paged')) {
      const calls = evidence7(episode);
      expect(calls.map((call) => argsOf(call)['page']), episode.id).toEqual(calls.map((_, index) => index + 1));
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
    }
  });

  it('same tool, a different target or a real change each time', () => {
    for (const episode of ofKinds('work:service-reservation-sweep-one-code-each', 'work:service-duration-calculated-per-itinerary', 'work:hr-reference-check-per-referee-same-words', 'work:catalogue-query-reworked-until-found', 'work:service-booking-retried-after-payment-recomputed')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(calls.length);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
    }
    for (const episode of ofKinds('work:hr-reference-check-per-referee-same-words')) expect(distinct(evidence7(episode).map((call) => call.message.content)), episode.id).toBe(1);
    for (const episode of ofKinds('work:service-booking-retried-after-payment-recomputed')) {
      const calls = evidence7(episode);
      expect(calls.at(-1)!.result?.isError, episode.id).toBeUndefined();
      for (let index = 1; index < calls.length; index++) expect(episode.messages.slice(calls[index - 1]!.index, calls[index]!.index).some((message) => message.toolCalls?.[0]?.name === 'calculate'), episode.id).toBe(true);
    }
  });

  it('a re-run after a real edit: a journal posted between every two trial balances, the last balanced', () => {
    for (const episode of ofKinds('work:close-trial-balance-rerun-after-journal')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      for (let index = 1; index < calls.length; index++) expect(episode.messages.slice(calls[index - 1]!.index, calls[index]!.index).some((message) => message.toolCalls?.[0]?.name === 'post_journal'), episode.id).toBe(true);
      expect(JSON.parse(outcome(calls.at(-1)!)).balanced, episode.id).toBe(true);
      const differences = calls.map((call) => Number(JSON.parse(outcome(call)).difference));
      expect(distinct(differences), episode.id).toBe(calls.length);
    }
  });

  it('requested and required repeats: the identical call and outcome, a user request or a custody step before each', () => {
    for (const episode of ofKinds(...BORDERLINE_WORK)) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(1);
    }
    for (const episode of ofKinds('work:playlist-preview-replayed-on-request')) {
      const calls = evidence7(episode);
      const counted = /three times/.test(String(episode.messages[1]!.content));
      if (!counted) for (let index = 1; index < calls.length; index++) expect(episode.messages[calls[index]!.index - 1]!.role, episode.id).toBe('user');
      else expect(calls, episode.id).toHaveLength(3);
    }
    expect(new Set(ofKinds('work:playlist-preview-replayed-on-request').map((episode) => /three times/.test(String(episode.messages[1]!.content)))).size).toBe(2);
    for (const episode of ofKinds('work:incident-evidence-hash-per-custody-step')) expect(distinct(evidence7(episode).map((call) => call.message.content)), episode.id).toBe(evidence7(episode).length);
  });

  it('a backoff the API asked for: the same call refused with a growing retry-after, a wait as told between, then booked', () => {
    for (const episode of ofKinds(BACKOFF)) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      const waits = calls.slice(0, -1).map((call) => Number(JSON.parse(outcome(call)).retry_after_s));
      expect(distinct(waits), episode.id).toBe(waits.length);
      expect(JSON.parse(outcome(calls.at(-1)!)).booked, episode.id).toBe(true);
      for (let index = 1; index < calls.length; index++) expect(args7(episode.messages[calls[index]!.index - 2]!)['seconds'], episode.id).toBe(waits[index - 1]);
    }
  });
});
