import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '@cairn/core';
import { actionsTakenThrice, expectLabelledByKind, expectLoopLengths } from './test-support/expect-blind-set-shape.js';
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
import { BLIND_EPISODES_PER_KIND_12, BLIND_LOOP_KINDS_12, OBSERVED_KINDS_12, blindLoopEpisode12, blindLoopEpisodes12, type BlindLoopEpisode12 } from './blind-loop-episodes-12.js';
import { WINDOW_12 } from './blind-set-12/family.js';
import { args7, evidence7, normalised7, signature7 } from './test-support/blind-set-7-queries.js';
import { expectWellFormedEpisodes } from './test-support/expect-well-formed-episodes.js';

const episodes = blindLoopEpisodes12();
const loops = episodes.filter((episode) => episode.loop);
/** Non-loop kinds borderline in every episode (README: "Borderline"). */
const BORDERLINE_WORK = ['work:utility-standing-order-summary-per-shift', 'work:permit-transient-error-retried-as-the-policy-says'];
/** The kind names of the two synthetic sets, whose lists are not exported. */
const SYNTHETIC_KINDS = [
  'loop:same-failing-call', 'loop:same-read', 'loop:same-reply', 'loop:two-step-cycle', 'work:paging', 'work:edit-run-iteration', 'work:near-identical-calls', 'work:twice-only', 'work:spread-out-repeats', 'work:plain',
  'loop:varied-rejected-edit', 'loop:reworded-refusal', 'loop:reworded-request', 'work:other-value-each-try', 'work:offer-with-new-values', 'work:varied-edit-that-applies',
];
const domainOf = (episode: { kind: string }): string => episode.kind.split(':')[1]!.split('-')[0]!;
const ofKinds = (...kinds: string[]): BlindLoopEpisode12[] => {
  const found = episodes.filter((episode) => kinds.includes(episode.kind));
  expect(found.length).toBe(kinds.length * BLIND_EPISODES_PER_KIND_12);
  return found;
};
const distinct = (values: readonly unknown[]): number => new Set(values.map((value) => JSON.stringify(value))).size;
const outcome = (call: { result?: { content?: unknown } }): string => String(call.result?.content ?? '');
const signature = (call: { message: CairnMessage }): string => signature7(call.message);
const argsOf = (call: { message: CairnMessage }): Record<string, unknown> => args7(call.message);
const toolName = (message: CairnMessage | undefined): string | undefined => message?.toolCalls?.[0]?.name;
/** Every call of `name` in an episode, with its index and result. */
const callsOf = (episode: BlindLoopEpisode12, name: string): { index: number; message: CairnMessage; result?: CairnMessage }[] =>
  episode.messages.flatMap((message, index) => (toolName(message) === name ? [{ index, message, result: episode.messages[index + 1] }] : []));
const uses = (episode: BlindLoopEpisode12, name: string): boolean => episode.messages.some((message) => toolName(message) === name);

describe('blindLoopEpisodes12', () => {
  it('is deterministic: the same set every call, each episode the same by index', () => {
    expect(blindLoopEpisodes12()).toEqual(episodes);
    expect(blindLoopEpisode12(37)).toEqual(episodes[37]);
    expect(blindLoopEpisode12(901)).toEqual(blindLoopEpisode12(901));
    expect(blindLoopEpisode12(901).kind).toBe(BLIND_LOOP_KINDS_12[901 % BLIND_LOOP_KINDS_12.length]);
  });

  it('has 60 episodes of 20 kinds, 27 loops (45%), over ten domains', () => {
    expect(episodes).toHaveLength(60);
    expect(BLIND_LOOP_KINDS_12).toHaveLength(20);
    expect(new Set(BLIND_LOOP_KINDS_12).size).toBe(20);
    for (const kind of BLIND_LOOP_KINDS_12) expect(episodes.filter((episode) => episode.kind === kind)).toHaveLength(BLIND_EPISODES_PER_KIND_12);
    expect(loops).toHaveLength(27);
    const perDomain = (domain: string): [number, number] => [episodes.filter((episode) => domainOf(episode) === domain).length, loops.filter((episode) => domainOf(episode) === domain).length];
    expect(['service', 'coder', 'observatory', 'rail', 'drone', 'printer', 'utility', 'theatre', 'permit', 'vet'].map(perDomain)).toEqual([[6, 3], [9, 3], [3, 0], [6, 3], [6, 3], [6, 3], [6, 3], [6, 3], [6, 3], [6, 3]]);
  });

  it('has two strata: observed (5 kinds from tau-bench and CodeR; 6 loops) and novel (15 kinds in new domains; 21 loops)', () => {
    expect(OBSERVED_KINDS_12).toHaveLength(5);
    for (const episode of episodes) expect(episode.stratum, episode.id).toBe(OBSERVED_KINDS_12.includes(episode.kind) ? 'observed' : 'novel');
    const observed = episodes.filter((episode) => episode.stratum === 'observed');
    const novel = episodes.filter((episode) => episode.stratum === 'novel');
    expect([observed.length, novel.length]).toEqual([15, 45]);
    expect([observed, novel].map((stratum) => stratum.filter((episode) => episode.loop).length)).toEqual([6, 21]);
    expect(new Set(observed.map(domainOf))).toEqual(new Set(['service', 'coder']));
    expect(novel.some((episode) => ['service', 'coder'].includes(domainOf(episode)))).toBe(false);
  });

  it('plants only kinds that no earlier blind or synthetic set has (the eleventh included), novel ones in domains sets 7–11 did not use', () => {
    const bare = (kind: string): string => kind.replace(/^(loop|work):(tau-|service-|coder-)?/, '');
    const earlier = new Set([...BLIND_LOOP_KINDS, ...BLIND_LOOP_KINDS_2, ...BLIND_LOOP_KINDS_3, ...BLIND_LOOP_KINDS_4, ...BLIND_LOOP_KINDS_5, ...BLIND_LOOP_KINDS_6, ...BLIND_LOOP_KINDS_7, ...BLIND_LOOP_KINDS_8, ...BLIND_LOOP_KINDS_9, ...BLIND_LOOP_KINDS_10, ...BLIND_LOOP_KINDS_11, ...SYNTHETIC_KINDS].map(bare));
    for (const kind of BLIND_LOOP_KINDS_12) expect(earlier.has(bare(kind)), kind).toBe(false);
    const earlierDomains = new Set([...BLIND_LOOP_KINDS_7, ...BLIND_LOOP_KINDS_8, ...BLIND_LOOP_KINDS_9, ...BLIND_LOOP_KINDS_10, ...BLIND_LOOP_KINDS_11].map((kind) => domainOf({ kind })));
    for (const episode of episodes.filter((candidate) => candidate.stratum === 'novel')) expect(earlierDomains.has(domainOf(episode)), episode.kind).toBe(false);
  });

  it('labels by kind; borderline loops are those of 3 repeats; borderline non-loops the two kinds named', () => {
    expectLabelledByKind(episodes, BORDERLINE_WORK, 9, 6);
  });

  it('every loop kind has one loop of 3, one of 4 and one of 5 or more', () => {
    expectLoopLengths(episodes, BLIND_LOOP_KINDS_12);
  });

  it('every message is well formed: each call answered by the next message, ids unique across the set', () => {
    expectWellFormedEpisodes(episodes);
    for (const episode of episodes) for (const message of episode.messages) expect(message.id.startsWith(`${episode.id}.`), message.id).toBe(true);
  });

  it('every loop stays in the window of its layout, and step loops are back to back', () => {
    for (const episode of loops) {
      const actions = episode.messages.filter((message) => message.role === 'assistant').map((message) => message.id);
      const positions = episode.evidenceIds.map((id) => actions.indexOf(id));
      for (let index = 0; index + 2 < positions.length; index++) {
        expect(positions[index + 1]!, episode.id).toBeGreaterThan(positions[index]!);
        expect(positions[index + 2]! - positions[index]!, episode.id).toBeLessThan(WINDOW_12[episode.layout]);
      }
      if (episode.layout === 'step') expect(positions.at(-1)! - positions[0]!, episode.id).toBe(positions.length - 1);
    }
    expect([...new Set(loops.map((episode) => episode.layout))].sort()).toEqual(['round2', 'round3', 'step']);
  });

  it('no non-loop holds the exact form of the rule (an action, keys sorted, the same outcome 3 times) — except the standing order and the policy retries of 3+ failures', () => {
    for (const episode of episodes.filter((candidate) => !candidate.loop)) {
      const failures = episode.evidenceIds.length - 1;
      const expected = episode.kind === 'work:utility-standing-order-summary-per-shift' ? 2 : episode.kind === 'work:permit-transient-error-retried-as-the-policy-says' && failures >= 3 ? 2 : 0;
      expect(actionsTakenThrice(episode), episode.id).toHaveLength(expected);
    }
  });
});

describe('twelfth blind set, loops as built', () => {
  it('the user id asked for again after each lookup: talk in new words, the same id restated, the identical lookup and profile each round, no update', () => {
    for (const episode of ofKinds('loop:service-user-id-requested-again-after-lookup')) {
      const asks = evidence7(episode);
      expect(asks.every((ask) => ask.message.toolCalls === undefined), episode.id).toBe(true);
      expect(distinct(asks.map((ask) => ask.message.content)), episode.id).toBe(asks.length);
      const answers = asks.map((ask) => String(episode.messages[ask.index + 1]!.content));
      expect(distinct(answers), episode.id).toBe(answers.length);
      const lookups = callsOf(episode, 'get_user_details');
      expect(lookups, episode.id).toHaveLength(episode.repeats);
      expect(distinct(lookups.map(signature)), episode.id).toBe(1);
      expect(distinct(lookups.map(outcome)), episode.id).toBe(1);
      const id = String(argsOf(lookups[0]!)['user_id']);
      for (const answer of answers) expect(answer, episode.id).toContain(id);
      expect(String(episode.messages[1]!.content), episode.id).toContain(id);
      expect(uses(episode, 'update_reservation_flights'), episode.id).toBe(false);
    }
  });

  it('the same window of a file reached by different commands: identical outputs, at least two commands, no edit', () => {
    for (const episode of ofKinds('loop:coder-same-window-reached-by-goto-and-scroll')) {
      const views = evidence7(episode);
      expect(distinct(views.map((view) => normalised7(outcome(view)))), episode.id).toBe(1);
      expect(outcome(views[0]!), episode.id).toMatch(/\(420 more lines above\)/);
      expect(distinct(views.map((view) => toolName(view.message))), episode.id).toBeGreaterThanOrEqual(2);
      if (episode.repeats <= 4) expect(distinct(views.map(signature)), episode.id).toBe(episode.repeats - 1);
      expect(uses(episode, 'edit'), episode.id).toBe(false);
    }
  });

  it('a long report identical but for its progress bar: the same call back to back, raw outputs all different, masked outputs one; nothing edited', () => {
    const mask = (text: string): string => text.replace(/^検査中 .*$/gm, '').replace(/所要 [\d.]+秒/, '所要 T秒').trim();
    for (const episode of ofKinds('loop:rail-conflict-check-rerun-same-report-new-progress-bar')) {
      const runs = evidence7(episode);
      expect(distinct(runs.map(signature)), episode.id).toBe(1);
      expect(distinct(runs.map(outcome)), episode.id).toBe(runs.length);
      expect(distinct(runs.map((run) => mask(outcome(run)))), episode.id).toBe(1);
      expect(outcome(runs[0]!).split('\n').length, episode.id).toBeGreaterThan(15);
      expect(uses(episode, 'shift_departure'), episode.id).toBe(false);
    }
  });

  it('a three-step cycle of two successes and a refusal: the same three calls each round, outcomes identical once the session id is masked, nothing moved', () => {
    const mask = (text: string): string => text.replace(/session [0-9a-f]+/, 'session S');
    for (const episode of ofKinds('loop:drone-calibrate-arm-refused-reboot-cycle')) {
      const starts = evidence7(episode).map((call) => call.index);
      const rounds = starts.map((start) => episode.messages.slice(start, start + 6).filter((message) => message.role === 'tool').map((message) => `${message.name}:${mask(String(message.content))}`));
      for (const each of rounds) expect(each, episode.id).toEqual(rounds[0]);
      expect(rounds[0]!.map((entry) => entry.split(':')[0]), episode.id).toEqual(['calibrate_compass', 'arm', 'reboot_autopilot']);
      expect(episode.messages.filter((message) => message.role === 'tool' && message.isError === true), episode.id).toHaveLength(episode.repeats);
      expect(episode.messages.filter((message) => message.role === 'user'), episode.id).toHaveLength(1);
    }
  });

  it('verify after edits that change nothing: the identical verify and warnings, one no-op setting between every two', () => {
    for (const episode of ofKinds('loop:printer-verify-after-edits-that-change-nothing')) {
      const verifies = evidence7(episode);
      expect(distinct(verifies.map(signature)), episode.id).toBe(1);
      expect(distinct(verifies.map(outcome)), episode.id).toBe(1);
      expect(outcome(verifies[0]!), episode.id).toMatch(/3 warnings/);
      for (let index = 1; index < verifies.length; index++) {
        const between = episode.messages.slice(verifies[index - 1]!.index + 2, verifies[index]!.index).filter((message) => message.toolCalls);
        expect(between.map(toolName), episode.id).toEqual(['set_slicer_setting']);
        const answer = String(episode.messages[verifies[index]!.index - 1]!.content);
        expect(/^No change/.test(answer) || !answer.includes('PETG-fine'), episode.id).toBe(true);
      }
      expect(distinct(callsOf(episode, 'set_slicer_setting').map(signature)), episode.id).toBe(episode.repeats - 1);
    }
  });

  it('the same record through a new lookup each time: every call different, every outcome the same once the query id is masked, no reading history', () => {
    for (const episode of ofKinds('loop:utility-same-account-through-a-new-lookup-each-time')) {
      const lookups = evidence7(episode);
      expect(distinct(lookups.map(signature)), episode.id).toBe(lookups.length);
      expect(distinct(lookups.map(outcome)), episode.id).toBe(lookups.length);
      expect(distinct(lookups.map((call) => ({ ...(JSON.parse(outcome(call)) as Record<string, unknown>), consulta_id: 0 }))), episode.id).toBe(1);
      expect(distinct(lookups.map((call) => toolName(call.message))), episode.id).toBeGreaterThanOrEqual(3);
      expect(uses(episode, 'get_reading_history'), episode.id).toBe(false);
    }
  });

  it('the same question answered the same in new words: talk only, new words on both sides, every answer the evening show, no seat search', () => {
    for (const episode of ofKinds('loop:theatre-same-question-answered-same-in-new-words')) {
      const asks = evidence7(episode);
      expect(asks.every((ask) => ask.message.toolCalls === undefined), episode.id).toBe(true);
      expect(distinct(asks.map((ask) => ask.message.content)), episode.id).toBe(asks.length);
      const answers = asks.map((ask) => String(episode.messages[ask.index + 1]!.content));
      expect(distinct(answers), episode.id).toBe(answers.length);
      for (const answer of answers) expect(answer, episode.id).toMatch(/ilta|illalla|19|seitsemältä|iltaan/i);
      expect(uses(episode, 'find_seats'), episode.id).toBe(false);
    }
  });

  it('backoff through a stated outage: the identical submit and refusal, the waits doubling, never accepted', () => {
    for (const episode of ofKinds('loop:permit-backoff-retries-through-a-stated-outage')) {
      const submits = evidence7(episode);
      expect(distinct(submits.map(signature)), episode.id).toBe(1);
      expect(distinct(submits.map(outcome)), episode.id).toBe(1);
      expect(outcome(submits[0]!), episode.id).toMatch(/przerwa serwisowa do 12\.06\.2026/);
      expect(callsOf(episode, 'wait').map((call) => argsOf(call)['seconds']), episode.id).toEqual(Array.from({ length: episode.repeats - 1 }, (_, index) => 2 ** (index + 1)));
      expect(episode.messages.some((message) => message.role === 'tool' && /"accepted"/.test(String(message.content))), episode.id).toBe(false);
    }
  });

  it('a referral ping-pong: surgery and imaging alternating, two outcomes in all, the attending never paged', () => {
    for (const episode of ofKinds('loop:vet-referral-bounced-between-two-desks')) {
      const referrals = callsOf(episode, 'refer_case');
      expect(referrals.map((call) => argsOf(call)['to']), episode.id).toEqual(Array.from({ length: episode.repeats * 2 }, (_, index) => (index % 2 === 0 ? 'surgery' : 'imaging')));
      expect(distinct(referrals.map(outcome)), episode.id).toBe(2);
      expect(uses(episode, 'page_attending'), episode.id).toBe(false);
    }
  });
});

describe('twelfth blind set, non-loops as built', () => {
  it('retries with a real change, ending in success: each update different, each error different, the last updated', () => {
    for (const episode of ofKinds('work:service-update-retried-with-corrected-payment', 'work:vet-referral-moves-along-a-real-chain', 'work:observatory-exposure-batch-over-target-list', 'work:theatre-customer-changes-mind-each-time')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(calls.length);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
      expect(calls.at(-1)!.result?.isError, episode.id).toBeUndefined();
    }
    for (const episode of ofKinds('work:service-update-retried-with-corrected-payment')) expect(outcome(evidence7(episode).at(-1)!), episode.id).toMatch(/"status":"updated"/);
    for (const episode of ofKinds('work:theatre-customer-changes-mind-each-time')) {
      for (const call of evidence7(episode).slice(1)) expect(episode.messages[call.index - 1]!.role, episode.id).toBe('user');
      expect(uses(episode, 'book_seats'), episode.id).toBe(true);
    }
  });

  it('the identical command after a real change or on a new target: new modules installed, new files opened', () => {
    for (const episode of ofKinds('work:coder-missing-module-installed-then-rerun', 'work:coder-identical-search-in-each-opened-file')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
    }
    for (const episode of ofKinds('work:coder-missing-module-installed-then-rerun')) {
      const installs = callsOf(episode, 'pip');
      expect(installs, episode.id).toHaveLength(episode.evidenceIds.length - 1);
      expect(distinct(installs.map(signature)), episode.id).toBe(installs.length);
      expect(evidence7(episode).at(-1)!.result?.isError, episode.id).toBeUndefined();
    }
    for (const episode of ofKinds('work:coder-identical-search-in-each-opened-file')) {
      const opens = callsOf(episode, 'open');
      expect(distinct(opens.map(signature)), episode.id).toBe(episode.evidenceIds.length);
      expect(outcome(evidence7(episode).at(-1)!), episode.id).toMatch(/^Found 2 matches/);
    }
  });

  it('the same check or poll with a real field advancing: conflicts falling to 0, compass variance falling to an arm, layers rising to COMPLETE', () => {
    for (const episode of ofKinds('work:rail-conflict-check-after-each-real-edit')) {
      const counts = evidence7(episode).map((call) => Number(/競合 (\d+) 件/.exec(outcome(call))![1]));
      for (let index = 1; index < counts.length; index++) expect(counts[index]!, episode.id).toBeLessThan(counts[index - 1]!);
      expect(counts.at(-1), episode.id).toBe(0);
      expect(callsOf(episode, 'shift_departure'), episode.id).toHaveLength(counts.length - 1);
    }
    for (const episode of ofKinds('work:drone-calibration-after-each-real-fix')) {
      const arms = callsOf(episode, 'arm');
      expect(arms, episode.id).toHaveLength(episode.evidenceIds.length);
      expect(distinct(arms.map(outcome)), episode.id).toBe(arms.length);
      expect(arms.at(-1)!.result?.isError, episode.id).toBeUndefined();
      for (const call of evidence7(episode).slice(1)) expect(episode.messages[call.index - 1]!.role, episode.id).toBe('user');
    }
    for (const episode of ofKinds('work:printer-status-poll-layers-advance')) {
      const polls = evidence7(episode);
      expect(distinct(polls.map(signature)), episode.id).toBe(1);
      const layers = polls.map((call) => Number(/layer (\d+)\/212/.exec(outcome(call))![1]));
      for (let index = 1; index < layers.length; index++) expect(layers[index]!, episode.id).toBeGreaterThan(layers[index - 1]!);
      expect(outcome(polls.at(-1)!), episode.id).toMatch(/COMPLETE/);
    }
  });

  it('repeats a standing order or a retry policy asks for: the identical call and outcome, the order or policy in the system prompt', () => {
    for (const episode of ofKinds('work:utility-standing-order-summary-per-shift')) {
      const posts = evidence7(episode);
      expect(distinct(posts.map(signature)), episode.id).toBe(1);
      expect(distinct(posts.map(outcome)), episode.id).toBe(1);
      expect(String(episode.messages[0]!.content), episode.id).toMatch(/Ordem permanente/);
      expect(episode.messages.filter((message) => message.role === 'user' && message.name === 'sistema'), episode.id).toHaveLength(posts.length);
    }
    for (const episode of ofKinds('work:permit-transient-error-retried-as-the-policy-says')) {
      const submits = evidence7(episode);
      expect(distinct(submits.map(signature)), episode.id).toBe(1);
      expect(submits.length, episode.id).toBeLessThanOrEqual(5);
      expect(String(episode.messages[0]!.content), episode.id).toMatch(/Retry-After/);
      for (const call of submits.slice(0, -1)) expect(outcome(call), episode.id).toMatch(/Retry-After: 30/);
      expect(outcome(submits.at(-1)!), episode.id).toMatch(/"accepted":true/);
    }
  });
});
