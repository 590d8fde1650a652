import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '@cairn/core';
import { actionsTakenThrice, expectInLayoutWindows, expectLabelledByKind, expectLoopLengths } from './test-support/expect-blind-set-shape.js';
import { BLIND_LOOP_KINDS } from './blind-restatement-episodes.js';
import { BLIND_LOOP_KINDS_2 } from './blind-loop-episodes-2.js';
import { BLIND_LOOP_KINDS_3 } from './blind-loop-episodes-3.js';
import { BLIND_LOOP_KINDS_4 } from './blind-loop-episodes-4.js';
import { BLIND_LOOP_KINDS_5 } from './blind-loop-episodes-5.js';
import { BLIND_LOOP_KINDS_6 } from './blind-loop-episodes-6.js';
import { BLIND_LOOP_KINDS_7 } from './blind-loop-episodes-7.js';
import { BLIND_LOOP_KINDS_8 } from './blind-loop-episodes-8.js';
import { BLIND_LOOP_KINDS_9 } from './blind-loop-episodes-9.js';
import { BLIND_LOOP_KINDS_10 } from './blind-loop-episodes-10.js';
import { BLIND_LOOP_KINDS_11 } from './blind-loop-episodes-11.js';
import { BLIND_LOOP_KINDS_12 } from './blind-loop-episodes-12.js';
import { BLIND_EPISODES_PER_KIND_13, BLIND_LOOP_KINDS_13, OBSERVED_KINDS_13, blindLoopEpisode13, blindLoopEpisodes13, type BlindLoopEpisode13 } from './blind-loop-episodes-13.js';
import { WINDOW_13 } from './blind-set-13/family.js';
import { args7, evidence7, normalised7, signature7 } from './test-support/blind-set-7-queries.js';
import { expectWellFormedEpisodes } from './test-support/expect-well-formed-episodes.js';

const episodes = blindLoopEpisodes13();
const loops = episodes.filter((episode) => episode.loop);
/** Non-loop kinds borderline in every episode (README: "Borderline"). */
const BORDERLINE_WORK = ['work:gym-member-asks-for-the-timetable-again', 'work:solar-isolation-read-back-as-the-procedure-demands'];
/** The kind names of the two synthetic sets, whose lists are not exported. */
const SYNTHETIC_KINDS = [
  'loop:same-failing-call', 'loop:same-read', 'loop:same-reply', 'loop:two-step-cycle', 'work:paging', 'work:edit-run-iteration', 'work:near-identical-calls', 'work:twice-only', 'work:spread-out-repeats', 'work:plain',
  'loop:varied-rejected-edit', 'loop:reworded-refusal', 'loop:reworded-request', 'work:other-value-each-try', 'work:offer-with-new-values', 'work:varied-edit-that-applies',
];
const domainOf = (episode: { kind: string }): string => episode.kind.split(':')[1]!.split('-')[0]!;
const ofKinds = (...kinds: string[]): BlindLoopEpisode13[] => {
  const found = episodes.filter((episode) => kinds.includes(episode.kind));
  expect(found.length).toBe(kinds.length * BLIND_EPISODES_PER_KIND_13);
  return found;
};
const distinct = (values: readonly unknown[]): number => new Set(values.map((value) => JSON.stringify(value))).size;
const outcome = (call: { result?: { content?: unknown } }): string => String(call.result?.content ?? '');
const signature = (call: { message: CairnMessage }): string => signature7(call.message);
const argsOf = (call: { message: CairnMessage }): Record<string, unknown> => args7(call.message);
const toolName = (message: CairnMessage | undefined): string | undefined => message?.toolCalls?.[0]?.name;
/** Every call of `name` in an episode, with its index and result. */
const callsOf = (episode: BlindLoopEpisode13, name: string): { index: number; message: CairnMessage; result?: CairnMessage }[] =>
  episode.messages.flatMap((message, index) => (toolName(message) === name ? [{ index, message, result: episode.messages[index + 1] }] : []));
const uses = (episode: BlindLoopEpisode13, name: string): boolean => episode.messages.some((message) => toolName(message) === name);

describe('blindLoopEpisodes13', () => {
  it('is deterministic: the same set every call, each episode the same by index', () => {
    expect(blindLoopEpisodes13()).toEqual(episodes);
    expect(blindLoopEpisode13(41)).toEqual(episodes[41]);
    expect(blindLoopEpisode13(877)).toEqual(blindLoopEpisode13(877));
    expect(blindLoopEpisode13(877).kind).toBe(BLIND_LOOP_KINDS_13[877 % BLIND_LOOP_KINDS_13.length]);
  });

  it('has 60 episodes of 20 kinds, 27 loops (45%), over ten domains', () => {
    expect(episodes).toHaveLength(60);
    expect(BLIND_LOOP_KINDS_13).toHaveLength(20);
    expect(new Set(BLIND_LOOP_KINDS_13).size).toBe(20);
    for (const kind of BLIND_LOOP_KINDS_13) expect(episodes.filter((episode) => episode.kind === kind)).toHaveLength(BLIND_EPISODES_PER_KIND_13);
    expect(loops).toHaveLength(27);
    const perDomain = (domain: string): [number, number] => [episodes.filter((episode) => domainOf(episode) === domain).length, loops.filter((episode) => domainOf(episode) === domain).length];
    expect(['service', 'coder', 'museum', 'school', 'pharmacy', 'gym', 'vineyard', 'solar', 'ski', 'aquarium'].map(perDomain)).toEqual([[6, 3], [9, 3], [6, 3], [6, 3], [6, 3], [6, 3], [6, 3], [6, 3], [6, 3], [3, 0]]);
  });

  it('has two strata: observed (5 kinds from tau-bench and CodeR; 6 loops) and novel (15 kinds in new domains; 21 loops)', () => {
    expect(OBSERVED_KINDS_13).toHaveLength(5);
    for (const episode of episodes) expect(episode.stratum, episode.id).toBe(OBSERVED_KINDS_13.includes(episode.kind) ? 'observed' : 'novel');
    const observed = episodes.filter((episode) => episode.stratum === 'observed');
    const novel = episodes.filter((episode) => episode.stratum === 'novel');
    expect([observed.length, novel.length]).toEqual([15, 45]);
    expect([observed, novel].map((stratum) => stratum.filter((episode) => episode.loop).length)).toEqual([6, 21]);
    expect(new Set(observed.map(domainOf))).toEqual(new Set(['service', 'coder']));
    expect(novel.some((episode) => ['service', 'coder'].includes(domainOf(episode)))).toBe(false);
  });

  it('plants only kinds that no earlier blind or synthetic set has (the twelfth included), novel ones in domains sets 7–12 did not use', () => {
    const bare = (kind: string): string => kind.replace(/^(loop|work):(tau-|service-|coder-)?/, '');
    const earlier = new Set([...BLIND_LOOP_KINDS, ...BLIND_LOOP_KINDS_2, ...BLIND_LOOP_KINDS_3, ...BLIND_LOOP_KINDS_4, ...BLIND_LOOP_KINDS_5, ...BLIND_LOOP_KINDS_6, ...BLIND_LOOP_KINDS_7, ...BLIND_LOOP_KINDS_8, ...BLIND_LOOP_KINDS_9, ...BLIND_LOOP_KINDS_10, ...BLIND_LOOP_KINDS_11, ...BLIND_LOOP_KINDS_12, ...SYNTHETIC_KINDS].map(bare));
    for (const kind of BLIND_LOOP_KINDS_13) expect(earlier.has(bare(kind)), kind).toBe(false);
    const earlierDomains = new Set([...BLIND_LOOP_KINDS_7, ...BLIND_LOOP_KINDS_8, ...BLIND_LOOP_KINDS_9, ...BLIND_LOOP_KINDS_10, ...BLIND_LOOP_KINDS_11, ...BLIND_LOOP_KINDS_12].map((kind) => domainOf({ kind })));
    for (const episode of episodes.filter((candidate) => candidate.stratum === 'novel')) expect(earlierDomains.has(domainOf(episode)), episode.kind).toBe(false);
  });

  it('labels by kind; borderline loops are those of 3 repeats; borderline non-loops the two kinds named', () => {
    expectLabelledByKind(episodes, BORDERLINE_WORK, 9, 6);
  });

  it('every loop kind has one loop of 3, one of 4 and one of 5 or more', () => {
    expectLoopLengths(episodes, BLIND_LOOP_KINDS_13);
  });

  it('every message is well formed: each call answered by the next message, ids unique across the set', () => {
    expectWellFormedEpisodes(episodes);
    for (const episode of episodes) for (const message of episode.messages) expect(message.id.startsWith(`${episode.id}.`), message.id).toBe(true);
  });

  it('every loop and every look-alike stays in the window of its layout, and step ones are back to back', () => {
    expect(expectInLayoutWindows(episodes, WINDOW_13)).toEqual(['round2', 'step']);
  });

  it('no non-loop holds the exact form of the rule (an action, keys sorted, the same outcome 3 times) — except the two borderline kinds, once each', () => {
    for (const episode of episodes.filter((candidate) => !candidate.loop)) {
      expect(actionsTakenThrice(episode), episode.id).toHaveLength(BORDERLINE_WORK.includes(episode.kind) ? 1 : 0);
    }
  });
});

describe('thirteenth blind set, loops as built', () => {
  it('a basic fare re-read and refused again: the identical read each round, refusals in new words, a user turn between, no change or upgrade', () => {
    for (const episode of ofKinds('loop:service-basic-fare-reread-and-refused-again')) {
      const reads = evidence7(episode);
      expect(distinct(reads.map(signature)), episode.id).toBe(1);
      expect(distinct(reads.map(outcome)), episode.id).toBe(1);
      expect(outcome(reads[0]!), episode.id).toMatch(/"fare":"basic"/);
      const replies = reads.map((read) => episode.messages[read.index + 2]!);
      expect(replies.every((reply) => reply.role === 'assistant' && reply.toolCalls === undefined), episode.id).toBe(true);
      expect(distinct(replies.map((reply) => reply.content)), episode.id).toBe(replies.length);
      expect(episode.messages.filter((message) => message.role === 'user'), episode.id).toHaveLength(episode.repeats);
      expect(uses(episode, 'update_reservation_flights'), episode.id).toBe(false);
    }
  });

  it('a seed line toggled and the script re-run: two edits alternating, every run a new float but the same verdict, nothing else edited', () => {
    const mask = (text: string): string => text.replace(/-?\s?0\.\d{5}/g, 'F');
    for (const episode of ofKinds('loop:coder-seed-line-toggled-and-rerun-same-verdict')) {
      const runs = evidence7(episode);
      expect(distinct(runs.map(signature)), episode.id).toBe(1);
      expect(distinct(runs.map(outcome)), episode.id).toBe(runs.length);
      expect(distinct(runs.map((run) => mask(outcome(run)))), episode.id).toBe(1);
      expect(outcome(runs[0]!), episode.id).toMatch(/sign flips: 0/);
      const toggles = callsOf(episode, 'edit').slice(1);
      expect(toggles, episode.id).toHaveLength(episode.repeats);
      expect(distinct(toggles.map(signature)), episode.id).toBe(2);
      toggles.forEach((toggle, index) => expect(signature(toggle), episode.id).toBe(signature(toggles[index % 2]!)));
    }
  });

  it('an oversized scan uploaded again: the identical call and 413 back to back, nothing resized', () => {
    for (const episode of ofKinds('loop:museum-oversized-scan-upload-refused-unchanged')) {
      const uploads = evidence7(episode);
      expect(distinct(uploads.map(signature)), episode.id).toBe(1);
      expect(distinct(uploads.map(outcome)), episode.id).toBe(1);
      expect(uploads.every((upload) => upload.result?.isError === true), episode.id).toBe(true);
      expect(callsOf(episode, 'upload_image'), episode.id).toHaveLength(episode.repeats);
    }
  });

  it('the same timetable read back to back: identical successful reads, no swap', () => {
    for (const episode of ofKinds('loop:school-class-timetable-read-back-to-back')) {
      const reads = evidence7(episode);
      expect(distinct(reads.map(signature)), episode.id).toBe(1);
      expect(distinct(reads.map(outcome)), episode.id).toBe(1);
      expect(reads.some((read) => read.result?.isError === true), episode.id).toBe(false);
      expect(uses(episode, 'swap_lessons'), episode.id).toBe(false);
    }
  });

  it('the same templated reply with a new ticket number: talk only, raw replies all different, one once the number is masked', () => {
    for (const episode of ofKinds('loop:pharmacy-same-reply-only-ticket-number-new')) {
      const replies = evidence7(episode).map((reply) => String(reply.message.content));
      expect(evidence7(episode).every((reply) => reply.message.toolCalls === undefined), episode.id).toBe(true);
      expect(distinct(replies), episode.id).toBe(replies.length);
      expect(distinct(replies.map((reply) => reply.replace(/n\. \d+/, 'n. N'))), episode.id).toBe(1);
    }
  });

  it('a freeze / unfreeze cycle: two successful calls alternating with identical results each round, one user turn', () => {
    for (const episode of ofKinds('loop:gym-freeze-then-unfreeze-cycle')) {
      const calls = episode.messages.filter((message) => message.toolCalls).map((message) => toolName(message));
      expect(calls, episode.id).toEqual(Array.from({ length: episode.repeats * 2 }, (_, index) => (index % 2 === 0 ? 'freeze_membership' : 'unfreeze_membership')));
      for (const name of ['freeze_membership', 'unfreeze_membership']) {
        const each = callsOf(episode, name);
        expect(distinct(each.map(signature)), episode.id).toBe(1);
        expect(distinct(each.map(outcome)), episode.id).toBe(1);
      }
      expect(episode.messages.filter((message) => message.role === 'user'), episode.id).toHaveLength(1);
    }
  });

  it('trivially varied arguments: every call different, one reading once the query id is masked, no irrigation', () => {
    for (const episode of ofKinds('loop:vineyard-moisture-query-with-trivially-varied-arguments')) {
      const queries = evidence7(episode);
      expect(distinct(queries.map(signature)), episode.id).toBe(queries.length);
      expect(distinct(queries.map((query) => ({ ...(JSON.parse(outcome(query)) as Record<string, unknown>), consulta: 0 }))), episode.id).toBe(1);
      for (const query of queries) expect(String(argsOf(query)['parcel']).toUpperCase().replace(/[^A-Z0-9]/g, ''), episode.id).toMatch(/P07$/);
      expect(uses(episode, 'schedule_irrigation'), episode.id).toBe(false);
    }
  });

  it('a cursor that never advances: every page identical, the cursor sent is the cursor returned, no ticket', () => {
    for (const episode of ofKinds('loop:solar-page-cursor-that-never-advances')) {
      const pages = evidence7(episode);
      expect(distinct(pages.map(outcome)), episode.id).toBe(1);
      const cursor = (JSON.parse(outcome(pages[0]!)) as { next_cursor: string }).next_cursor;
      for (const page of pages.slice(1)) expect(argsOf(page)['cursor'], episode.id).toBe(cursor);
      expect(distinct(pages.map(signature)), episode.id).toBe(2);
      expect(uses(episode, 'open_ticket'), episode.id).toBe(false);
    }
  });

  it('a lift polled though closed for the day: one status once fetched_at is masked, raw answers all different', () => {
    for (const episode of ofKinds('loop:ski-lift-polled-though-closed-for-the-day')) {
      const polls = evidence7(episode);
      expect(distinct(polls.map(signature)), episode.id).toBe(1);
      expect(distinct(polls.map(outcome)), episode.id).toBe(polls.length);
      expect(distinct(polls.map((poll) => ({ ...(JSON.parse(outcome(poll)) as Record<string, unknown>), fetched_at: 0 }))), episode.id).toBe(1);
      expect(outcome(polls[0]!), episode.id).toMatch(/stängd resten av dagen/);
    }
  });
});

describe('thirteenth blind set, non-loops as built', () => {
  it('the same tool over different targets or pages: every call and outcome different', () => {
    for (const episode of ofKinds('work:service-every-booking-read-to-find-duplicates', 'work:coder-directory-search-with-a-new-term-each-time', 'work:museum-loan-record-per-object-on-the-list', 'work:school-pupil-roster-paged-to-the-end', 'work:ski-same-pass-checked-at-each-lift')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(calls.length);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
    }
    for (const episode of ofKinds('work:school-pupil-roster-paged-to-the-end')) {
      const pages = evidence7(episode);
      pages.slice(1).forEach((page, index) => expect(argsOf(page)['page_token'], episode.id).toBe((JSON.parse(outcome(pages[index]!)) as { next_page_token: string }).next_page_token));
      expect(outcome(pages.at(-1)!), episode.id).toMatch(/"next_page_token":null/);
    }
  });

  it('the identical call after a real change: the file edited between opens, the probe fixed between readings, the status advancing', () => {
    for (const episode of ofKinds('work:coder-same-line-reopened-by-each-role-after-edits', 'work:vineyard-probe-reread-after-each-real-fix', 'work:pharmacy-order-tracked-until-it-arrives')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map((call) => normalised7(outcome(call)))), episode.id).toBe(calls.length);
    }
    for (const episode of ofKinds('work:coder-same-line-reopened-by-each-role-after-edits')) expect(callsOf(episode, 'edit'), episode.id).toHaveLength(episode.evidenceIds.length - 1);
    for (const episode of ofKinds('work:vineyard-probe-reread-after-each-real-fix')) {
      const readings = evidence7(episode).map((call) => (JSON.parse(outcome(call)) as { vwc_percent: number }).vwc_percent);
      for (let index = 1; index < readings.length; index++) expect(readings[index]!, episode.id).toBeGreaterThan(readings[index - 1]!);
    }
    for (const episode of ofKinds('work:pharmacy-order-tracked-until-it-arrives')) expect(outcome(evidence7(episode).at(-1)!), episode.id).toMatch(/arrivato in farmacia/);
  });

  it('retries with a real change, ending in success: each refusal different, a fix between, the last accepted', () => {
    for (const episode of ofKinds('work:aquarium-dose-retried-after-each-real-correction')) {
      const doses = evidence7(episode);
      expect(distinct(doses.map(outcome)), episode.id).toBe(doses.length);
      expect(doses.slice(0, -1).every((dose) => dose.result?.isError === true), episode.id).toBe(true);
      expect(doses.at(-1)!.result?.isError, episode.id).toBeUndefined();
      expect(outcome(doses.at(-1)!), episode.id).toMatch(/"status":"dosert"/);
    }
  });

  it('repeats the member or the procedure asks for: the identical call and outcome, the ask or the stages written down', () => {
    for (const episode of ofKinds('work:gym-member-asks-for-the-timetable-again', 'work:solar-isolation-read-back-as-the-procedure-demands')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(1);
    }
    for (const episode of ofKinds('work:gym-member-asks-for-the-timetable-again')) {
      for (const call of evidence7(episode).slice(1)) expect(episode.messages[call.index - 1]!.role, episode.id).toBe('user');
    }
    for (const episode of ofKinds('work:solar-isolation-read-back-as-the-procedure-demands')) {
      expect(String(episode.messages[0]!.content), episode.id).toMatch(/read back the isolation state/);
      expect(String(episode.messages[1]!.content).split(',').length, episode.id).toBe(episode.evidenceIds.length);
    }
  });
});
