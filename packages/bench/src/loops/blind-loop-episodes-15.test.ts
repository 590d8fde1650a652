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
import { BLIND_LOOP_KINDS_13 } from './blind-loop-episodes-13.js';
import { BLIND_LOOP_KINDS_14 } from './blind-loop-episodes-14.js';
import { BLIND_EPISODES_PER_KIND_15, BLIND_LOOP_KINDS_15, OBSERVED_KINDS_15, blindLoopEpisode15, blindLoopEpisodes15, type BlindLoopEpisode15 } from './blind-loop-episodes-15.js';
import { WINDOW_15 } from './blind-set-15/family.js';
import { args7, evidence7, normalised7, signature7 } from './test-support/blind-set-7-queries.js';
import { expectWellFormedEpisodes } from './test-support/expect-well-formed-episodes.js';

const episodes = blindLoopEpisodes15();
const loops = episodes.filter((episode) => episode.loop);
/** Non-loop kinds borderline in every episode (README: "Borderline"). */
const BORDERLINE_WORK = ['work:recycling-scale-tared-as-the-calibration-rule-says', 'work:nursery-plant-labels-printed-as-many-as-asked'];
/** The kind names of the two synthetic sets, whose lists are not exported. */
const SYNTHETIC_KINDS = [
  'loop:same-failing-call', 'loop:same-read', 'loop:same-reply', 'loop:two-step-cycle', 'work:paging', 'work:edit-run-iteration', 'work:near-identical-calls', 'work:twice-only', 'work:spread-out-repeats', 'work:plain',
  'loop:varied-rejected-edit', 'loop:reworded-refusal', 'loop:reworded-request', 'work:other-value-each-try', 'work:offer-with-new-values', 'work:varied-edit-that-applies',
];
const domainOf = (episode: { kind: string }): string => episode.kind.split(':')[1]!.split('-')[0]!;
const ofKinds = (...kinds: string[]): BlindLoopEpisode15[] => {
  const found = episodes.filter((episode) => kinds.includes(episode.kind));
  expect(found.length).toBe(kinds.length * BLIND_EPISODES_PER_KIND_15);
  return found;
};
const distinct = (values: readonly unknown[]): number => new Set(values.map((value) => JSON.stringify(value))).size;
const outcome = (call: { result?: { content?: unknown } }): string => String(call.result?.content ?? '');
const signature = (call: { message: CairnMessage }): string => signature7(call.message);
const argsOf = (call: { message: CairnMessage }): Record<string, unknown> => args7(call.message);
const toolName = (message: CairnMessage | undefined): string | undefined => message?.toolCalls?.[0]?.name;
/** Every call of `name` in an episode, with its index and result. */
const callsOf = (episode: BlindLoopEpisode15, name: string): { index: number; message: CairnMessage; result?: CairnMessage }[] =>
  episode.messages.flatMap((message, index) => (toolName(message) === name ? [{ index, message, result: episode.messages[index + 1] }] : []));
const uses = (episode: BlindLoopEpisode15, name: string): boolean => episode.messages.some((message) => toolName(message) === name);
const calls = (episode: BlindLoopEpisode15): (string | undefined)[] => episode.messages.filter((message) => message.toolCalls).map((message) => toolName(message));
/** A cycle's calls: `names` in order, `repeats` rounds, each name with one signature and one outcome. */
const expectCycle = (episode: BlindLoopEpisode15, names: readonly string[]): void => {
  expect(calls(episode), episode.id).toEqual(Array.from({ length: episode.repeats * names.length }, (_, index) => names[index % names.length]));
  for (const name of names) {
    const each = callsOf(episode, name);
    expect(distinct(each.map(signature)), episode.id).toBe(1);
    expect(distinct(each.map(outcome)), episode.id).toBe(1);
  }
};

describe('blindLoopEpisodes15', () => {
  it('is deterministic: the same set every call, each episode the same by index', () => {
    expect(blindLoopEpisodes15()).toEqual(episodes);
    expect(blindLoopEpisode15(41)).toEqual(episodes[41]);
    expect(blindLoopEpisode15(877)).toEqual(blindLoopEpisode15(877));
    expect(blindLoopEpisode15(877).kind).toBe(BLIND_LOOP_KINDS_15[877 % BLIND_LOOP_KINDS_15.length]);
  });

  it('has 60 episodes of 20 kinds, 27 loops (45%), over ten domains', () => {
    expect(episodes).toHaveLength(60);
    expect(BLIND_LOOP_KINDS_15).toHaveLength(20);
    expect(new Set(BLIND_LOOP_KINDS_15).size).toBe(20);
    for (const kind of BLIND_LOOP_KINDS_15) expect(episodes.filter((episode) => episode.kind === kind)).toHaveLength(BLIND_EPISODES_PER_KIND_15);
    expect(loops).toHaveLength(27);
    const perDomain = (domain: string): [number, number] => [episodes.filter((episode) => domainOf(episode) === domain).length, loops.filter((episode) => domainOf(episode) === domain).length];
    expect(['service', 'coder', 'florist', 'ferry', 'carhire', 'recycling', 'pottery', 'cinema', 'nursery', 'hut'].map(perDomain)).toEqual([[6, 3], [9, 3], [6, 3], [6, 3], [6, 3], [6, 3], [6, 3], [6, 3], [6, 3], [3, 0]]);
  });

  it('has two strata: observed (5 kinds from tau-bench and CodeR; 6 loops) and novel (15 kinds in new domains; 21 loops)', () => {
    expect(OBSERVED_KINDS_15).toHaveLength(5);
    for (const episode of episodes) expect(episode.stratum, episode.id).toBe(OBSERVED_KINDS_15.includes(episode.kind) ? 'observed' : 'novel');
    const observed = episodes.filter((episode) => episode.stratum === 'observed');
    const novel = episodes.filter((episode) => episode.stratum === 'novel');
    expect([observed.length, novel.length]).toEqual([15, 45]);
    expect([observed, novel].map((stratum) => stratum.filter((episode) => episode.loop).length)).toEqual([6, 21]);
    expect(new Set(observed.map(domainOf))).toEqual(new Set(['service', 'coder']));
    expect(novel.some((episode) => ['service', 'coder'].includes(domainOf(episode)))).toBe(false);
  });

  it('plants only kinds that no earlier blind or synthetic set has (the fourteenth included), novel ones in domains sets 7–14 did not use', () => {
    const bare = (kind: string): string => kind.replace(/^(loop|work):(tau-|service-|coder-)?/, '');
    const earlier = new Set([...BLIND_LOOP_KINDS, ...BLIND_LOOP_KINDS_2, ...BLIND_LOOP_KINDS_3, ...BLIND_LOOP_KINDS_4, ...BLIND_LOOP_KINDS_5, ...BLIND_LOOP_KINDS_6, ...BLIND_LOOP_KINDS_7, ...BLIND_LOOP_KINDS_8, ...BLIND_LOOP_KINDS_9, ...BLIND_LOOP_KINDS_10, ...BLIND_LOOP_KINDS_11, ...BLIND_LOOP_KINDS_12, ...BLIND_LOOP_KINDS_13, ...BLIND_LOOP_KINDS_14, ...SYNTHETIC_KINDS].map(bare));
    for (const kind of BLIND_LOOP_KINDS_15) expect(earlier.has(bare(kind)), kind).toBe(false);
    const earlierDomains = new Set([...BLIND_LOOP_KINDS_7, ...BLIND_LOOP_KINDS_8, ...BLIND_LOOP_KINDS_9, ...BLIND_LOOP_KINDS_10, ...BLIND_LOOP_KINDS_11, ...BLIND_LOOP_KINDS_12, ...BLIND_LOOP_KINDS_13, ...BLIND_LOOP_KINDS_14].map((kind) => domainOf({ kind })));
    for (const episode of episodes.filter((candidate) => candidate.stratum === 'novel')) expect(earlierDomains.has(domainOf(episode)), episode.kind).toBe(false);
  });

  it('labels by kind; borderline loops are those of 3 repeats; borderline non-loops the two kinds named', () => {
    expectLabelledByKind(episodes, BORDERLINE_WORK, 9, 6);
  });

  it('every loop kind has one loop of 3, one of 4 and one of 5 or more', () => {
    expectLoopLengths(episodes, BLIND_LOOP_KINDS_15);
  });

  it('every message is well formed: each call answered by the next message, ids unique across the set', () => {
    expectWellFormedEpisodes(episodes);
    for (const episode of episodes) for (const message of episode.messages) expect(message.id.startsWith(`${episode.id}.`), message.id).toBe(true);
  });

  it('every loop and every look-alike stays in the window of its layout, and step ones are back to back', () => {
    expect(expectInLayoutWindows(episodes, WINDOW_15)).toEqual(['round2', 'step']);
  });

  it('no non-loop holds the exact form of the rule (an action, keys sorted, the same outcome 3 times) — except the borderline kinds, once each', () => {
    for (const episode of episodes.filter((candidate) => !candidate.loop)) {
      expect(actionsTakenThrice(episode), episode.id).toHaveLength(BORDERLINE_WORK.includes(episode.kind) ? 1 : 0);
    }
  });
});

describe('fifteenth blind set, loops as built', () => {
  it('identical calls back to back: one signature, one outcome, failing or not as built, the way out never taken', () => {
    const cases = [
      { kind: 'loop:service-empty-nonstop-search-rerun-unchanged', error: false, never: 'search_onestop_flight' },
      { kind: 'loop:florist-same-bouquet-order-submitted-again', error: false, never: 'send_confirmation' },
      { kind: 'loop:ferry-sold-out-sailing-booked-again-and-again', error: true, never: 'get_sailing' },
    ];
    for (const { kind, error, never } of cases) {
      for (const episode of ofKinds(kind)) {
        const each = evidence7(episode);
        expect(distinct(each.map(signature)), episode.id).toBe(1);
        expect(distinct(each.map(outcome)), episode.id).toBe(1);
        expect(each.every((call) => (call.result?.isError === true) === error), episode.id).toBe(true);
        expect(uses(episode, never), episode.id).toBe(false);
      }
    }
    for (const episode of ofKinds('loop:service-empty-nonstop-search-rerun-unchanged')) expect(outcome(evidence7(episode)[0]!), episode.id).toBe('[]');
  });

  it('a block edit rejected each try: every edit different only in a local name, the stray indent kept, the same linter error', () => {
    for (const episode of ofKinds('loop:coder-block-edit-rejected-by-the-linter-each-try')) {
      const edits = evidence7(episode);
      expect(callsOf(episode, 'edit'), episode.id).toHaveLength(episode.repeats);
      expect(distinct(edits.map(signature)), episode.id).toBe(edits.length);
      expect(distinct(edits.map((edit) => String(argsOf(edit)['command']).replace(/\b(payload|item|row|entry|record|result)\b/g, 'NAME'))), episode.id).toBe(1);
      expect(distinct(edits.map(outcome)), episode.id).toBe(1);
      expect(edits.every((edit) => edit.result?.isError === true && /IndentationError/.test(outcome(edit))), episode.id).toBe(true);
      for (const edit of edits) expect(String(argsOf(edit)['command']), episode.id).toMatch(/\n {12}def serialize_result/);
    }
  });

  it('a read under a new request id: every outcome different, one once the volatile fields are masked, no pickup', () => {
    for (const episode of ofKinds('loop:recycling-bale-weight-read-with-a-new-request-id')) {
      const reads = evidence7(episode);
      expect(distinct(reads.map(signature)), episode.id).toBe(1);
      expect(distinct(reads.map(outcome)), episode.id).toBe(reads.length);
      expect(distinct(reads.map((read) => normalised7(outcome(read)))), episode.id).toBe(1);
      expect(uses(episode, 'book_pickup'), episode.id).toBe(false);
    }
  });

  it('a bed respelled: every signature different, one bed once spelling is ignored, one outcome, no irrigation', () => {
    for (const episode of ofKinds('loop:nursery-bed-moisture-read-with-the-bed-respelled')) {
      const reads = evidence7(episode);
      expect(distinct(reads.map(signature)), episode.id).toBe(reads.length);
      expect(distinct(reads.map(outcome)), episode.id).toBe(1);
      expect((JSON.parse(outcome(reads[0]!)) as { moisture_pct: number }).moisture_pct, episode.id).toBeLessThan(25);
      expect(uses(episode, 'start_irrigation'), episode.id).toBe(false);
    }
  });

  it('one schedule given to every question: talk only after one read, every reply different, a new question before each but the first', () => {
    for (const episode of ofKinds('loop:pottery-same-bisque-schedule-given-to-every-question')) {
      const replies = evidence7(episode);
      expect(replies.every((reply) => reply.message.toolCalls === undefined), episode.id).toBe(true);
      expect(distinct(replies.map((reply) => reply.message.content)), episode.id).toBe(replies.length);
      for (const reply of replies) expect(String(reply.message.content), episode.id).toMatch(/950 °C/);
      const questions = replies.slice(1).map((reply) => episode.messages[reply.index - 1]!);
      for (const question of questions) expect([question.role, String(question.content).endsWith('?')], episode.id).toEqual(['user', true]);
      expect(distinct(questions.map((question) => question.content)), episode.id).toBe(questions.length);
      expect(calls(episode), episode.id).toEqual(['get_kiln_schedule']);
    }
  });

  it('two-step cycles: the same two calls in order every round, each with one signature and one outcome', () => {
    for (const episode of ofKinds('loop:carhire-upgrade-added-and-removed-cycle')) expectCycle(episode, ['add_upgrade', 'remove_upgrade']);
    for (const episode of ofKinds('loop:cinema-seat-map-read-and-hold-refused-cycle')) {
      expectCycle(episode, ['get_seat_map', 'hold_seats']);
      expect(callsOf(episode, 'hold_seats').every((hold) => hold.result?.isError === true), episode.id).toBe(true);
    }
  });
});

describe('fifteenth blind set, non-loops as built', () => {
  it('the same tool over different targets, pages or tries: every call and outcome different', () => {
    for (const episode of ofKinds('work:coder-symbol-hunted-with-a-new-tool-each-miss', 'work:florist-stems-counted-for-each-vase', 'work:carhire-card-retried-after-each-real-correction', 'work:pottery-glaze-log-paged-by-cursor', 'work:hut-bunks-asked-for-each-night')) {
      const each = evidence7(episode);
      expect(distinct(each.map(signature)), episode.id).toBe(each.length);
      expect(distinct(each.map(outcome)), episode.id).toBe(each.length);
    }
    for (const episode of ofKinds('work:pottery-glaze-log-paged-by-cursor')) {
      const pages = evidence7(episode);
      pages.slice(1).forEach((page, index) => expect(argsOf(page)['cursor'], episode.id).toBe((JSON.parse(outcome(pages[index]!)) as { next_cursor: string }).next_cursor));
      expect(outcome(pages.at(-1)!), episode.id).toMatch(/"next_cursor":null/);
    }
    for (const episode of ofKinds('work:carhire-card-retried-after-each-real-correction')) {
      const charges = evidence7(episode);
      expect(charges.slice(0, -1).every((charge) => charge.result?.isError === true), episode.id).toBe(true);
      expect(outcome(charges.at(-1)!), episode.id).toMatch(/"status":"cobrado"/);
      for (const charge of charges.slice(1)) expect(episode.messages[charge.index - 1]!.role, episode.id).toBe('user');
    }
  });

  it('the customer\'s tagline on every turn: the same sentence in each user turn, a different call and reply each time', () => {
    for (const episode of ofKinds('work:service-tagline-on-every-customer-turn')) {
      const users = episode.messages.filter((message) => message.role === 'user');
      expect(users, episode.id).toHaveLength(episode.evidenceIds.length);
      expect(users.every((message) => String(message.content).endsWith('You are the most patient agent I have ever spoken to.')), episode.id).toBe(true);
      expect(distinct(evidence7(episode).map((reply) => reply.message.content)), episode.id).toBe(episode.evidenceIds.length);
      const callMessages = episode.messages.filter((message) => message.toolCalls);
      expect(distinct(callMessages.map((message) => signature7(message))), episode.id).toBe(callMessages.length);
    }
  });

  it('the identical call after a real change or advance: a fix, a shrinking queue, a corrected subtitle line', () => {
    for (const episode of ofKinds('work:coder-test-rerun-after-each-real-fix', 'work:ferry-boarding-queue-polled-until-it-opens', 'work:cinema-subtitles-revalidated-after-each-fix')) {
      const each = evidence7(episode);
      expect(distinct(each.map(signature)), episode.id).toBe(1);
      expect(distinct(each.map((call) => normalised7(outcome(call)))), episode.id).toBe(each.length);
      expect(each.at(-1)!.result?.isError, episode.id).not.toBe(true);
    }
    for (const episode of ofKinds('work:ferry-boarding-queue-polled-until-it-opens')) {
      const ahead = evidence7(episode).map((call) => (JSON.parse(outcome(call)) as { cars_ahead: number }).cars_ahead);
      for (let index = 1; index < ahead.length; index++) expect(ahead[index]!, episode.id).toBeLessThan(ahead[index - 1]!);
      expect(outcome(evidence7(episode).at(-1)!), episode.id).toMatch(/"boarding":"åpen"/);
    }
    for (const episode of ofKinds('work:coder-test-rerun-after-each-real-fix', 'work:cinema-subtitles-revalidated-after-each-fix')) {
      const fixes = episode.messages.filter((message) => ['edit', 'fix_subtitles'].includes(toolName(message) ?? ''));
      expect(fixes, episode.id).toHaveLength(episode.evidenceIds.length - 1);
      expect(distinct(fixes.map((message) => signature7(message))), episode.id).toBe(fixes.length);
    }
  });

  it('repeats a rule or the user asks for: the identical call and outcome, as many as the opening turn names', () => {
    for (const episode of ofKinds('work:recycling-scale-tared-as-the-calibration-rule-says')) {
      const tares = evidence7(episode);
      expect([distinct(tares.map(signature)), distinct(tares.map(outcome))], episode.id).toEqual([1, 1]);
      expect(String(episode.messages[1]!.content), episode.id).toMatch(new RegExp(`${['dreimal', 'viermal', 'fünfmal'][tares.length - 3]!} hintereinander tarieren`));
      expect(uses(episode, 'book_pickup'), episode.id).toBe(true);
    }
    for (const episode of ofKinds('work:nursery-plant-labels-printed-as-many-as-asked')) {
      const prints = evidence7(episode);
      expect([distinct(prints.map(signature)), distinct(prints.map(outcome))], episode.id).toEqual([1, 1]);
      expect(String(episode.messages[1]!.content), episode.id).toMatch(new RegExp(`^Print ${['three', 'four', 'five'][prints.length - 3]!} copies`));
    }
  });
});
