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
import { BLIND_EPISODES_PER_KIND_14, BLIND_LOOP_KINDS_14, OBSERVED_KINDS_14, blindLoopEpisode14, blindLoopEpisodes14, type BlindLoopEpisode14 } from './blind-loop-episodes-14.js';
import { WINDOW_14 } from './blind-set-14/family.js';
import { args7, evidence7, normalised7, signature7 } from './test-support/blind-set-7-queries.js';
import { expectWellFormedEpisodes } from './test-support/expect-well-formed-episodes.js';

const episodes = blindLoopEpisodes14();
const loops = episodes.filter((episode) => episode.loop);
/** Non-loop kinds borderline in every episode (README: "Borderline"). */
const BORDERLINE_WORK = ['work:apiary-hive-weighed-as-often-as-the-protocol-says'];
/** The kind names of the two synthetic sets, whose lists are not exported. */
const SYNTHETIC_KINDS = [
  'loop:same-failing-call', 'loop:same-read', 'loop:same-reply', 'loop:two-step-cycle', 'work:paging', 'work:edit-run-iteration', 'work:near-identical-calls', 'work:twice-only', 'work:spread-out-repeats', 'work:plain',
  'loop:varied-rejected-edit', 'loop:reworded-refusal', 'loop:reworded-request', 'work:other-value-each-try', 'work:offer-with-new-values', 'work:varied-edit-that-applies',
];
const domainOf = (episode: { kind: string }): string => episode.kind.split(':')[1]!.split('-')[0]!;
const ofKinds = (...kinds: string[]): BlindLoopEpisode14[] => {
  const found = episodes.filter((episode) => kinds.includes(episode.kind));
  expect(found.length).toBe(kinds.length * BLIND_EPISODES_PER_KIND_14);
  return found;
};
const distinct = (values: readonly unknown[]): number => new Set(values.map((value) => JSON.stringify(value))).size;
const outcome = (call: { result?: { content?: unknown } }): string => String(call.result?.content ?? '');
const signature = (call: { message: CairnMessage }): string => signature7(call.message);
const argsOf = (call: { message: CairnMessage }): Record<string, unknown> => args7(call.message);
const toolName = (message: CairnMessage | undefined): string | undefined => message?.toolCalls?.[0]?.name;
/** Every call of `name` in an episode, with its index and result. */
const callsOf = (episode: BlindLoopEpisode14, name: string): { index: number; message: CairnMessage; result?: CairnMessage }[] =>
  episode.messages.flatMap((message, index) => (toolName(message) === name ? [{ index, message, result: episode.messages[index + 1] }] : []));
const uses = (episode: BlindLoopEpisode14, name: string): boolean => episode.messages.some((message) => toolName(message) === name);
const calls = (episode: BlindLoopEpisode14): (string | undefined)[] => episode.messages.filter((message) => message.toolCalls).map((message) => toolName(message));

describe('blindLoopEpisodes14', () => {
  it('is deterministic: the same set every call, each episode the same by index', () => {
    expect(blindLoopEpisodes14()).toEqual(episodes);
    expect(blindLoopEpisode14(37)).toEqual(episodes[37]);
    expect(blindLoopEpisode14(913)).toEqual(blindLoopEpisode14(913));
    expect(blindLoopEpisode14(913).kind).toBe(BLIND_LOOP_KINDS_14[913 % BLIND_LOOP_KINDS_14.length]);
  });

  it('has 60 episodes of 20 kinds, 27 loops (45%), over ten domains', () => {
    expect(episodes).toHaveLength(60);
    expect(BLIND_LOOP_KINDS_14).toHaveLength(20);
    expect(new Set(BLIND_LOOP_KINDS_14).size).toBe(20);
    for (const kind of BLIND_LOOP_KINDS_14) expect(episodes.filter((episode) => episode.kind === kind)).toHaveLength(BLIND_EPISODES_PER_KIND_14);
    expect(loops).toHaveLength(27);
    const perDomain = (domain: string): [number, number] => [episodes.filter((episode) => domainOf(episode) === domain).length, loops.filter((episode) => domainOf(episode) === domain).length];
    expect(['service', 'coder', 'bakery', 'dental', 'bikeshare', 'brewery', 'apiary', 'hotel', 'laundry', 'choir'].map(perDomain)).toEqual([[6, 3], [9, 3], [6, 3], [6, 3], [6, 3], [6, 3], [6, 3], [6, 3], [6, 3], [3, 0]]);
  });

  it('has two strata: observed (5 kinds from tau-bench and CodeR; 6 loops) and novel (15 kinds in new domains; 21 loops)', () => {
    expect(OBSERVED_KINDS_14).toHaveLength(5);
    for (const episode of episodes) expect(episode.stratum, episode.id).toBe(OBSERVED_KINDS_14.includes(episode.kind) ? 'observed' : 'novel');
    const observed = episodes.filter((episode) => episode.stratum === 'observed');
    const novel = episodes.filter((episode) => episode.stratum === 'novel');
    expect([observed.length, novel.length]).toEqual([15, 45]);
    expect([observed, novel].map((stratum) => stratum.filter((episode) => episode.loop).length)).toEqual([6, 21]);
    expect(new Set(observed.map(domainOf))).toEqual(new Set(['service', 'coder']));
    expect(novel.some((episode) => ['service', 'coder'].includes(domainOf(episode)))).toBe(false);
  });

  it('plants only kinds that no earlier blind or synthetic set has (the thirteenth included), novel ones in domains sets 7–13 did not use', () => {
    const bare = (kind: string): string => kind.replace(/^(loop|work):(tau-|service-|coder-)?/, '');
    const earlier = new Set([...BLIND_LOOP_KINDS, ...BLIND_LOOP_KINDS_2, ...BLIND_LOOP_KINDS_3, ...BLIND_LOOP_KINDS_4, ...BLIND_LOOP_KINDS_5, ...BLIND_LOOP_KINDS_6, ...BLIND_LOOP_KINDS_7, ...BLIND_LOOP_KINDS_8, ...BLIND_LOOP_KINDS_9, ...BLIND_LOOP_KINDS_10, ...BLIND_LOOP_KINDS_11, ...BLIND_LOOP_KINDS_12, ...BLIND_LOOP_KINDS_13, ...SYNTHETIC_KINDS].map(bare));
    for (const kind of BLIND_LOOP_KINDS_14) expect(earlier.has(bare(kind)), kind).toBe(false);
    const earlierDomains = new Set([...BLIND_LOOP_KINDS_7, ...BLIND_LOOP_KINDS_8, ...BLIND_LOOP_KINDS_9, ...BLIND_LOOP_KINDS_10, ...BLIND_LOOP_KINDS_11, ...BLIND_LOOP_KINDS_12, ...BLIND_LOOP_KINDS_13].map((kind) => domainOf({ kind })));
    for (const episode of episodes.filter((candidate) => candidate.stratum === 'novel')) expect(earlierDomains.has(domainOf(episode)), episode.kind).toBe(false);
  });

  it('labels by kind; borderline loops are those of 3 repeats; borderline non-loops the one kind named', () => {
    expectLabelledByKind(episodes, BORDERLINE_WORK, 9, 3);
  });

  it('every loop kind has one loop of 3, one of 4 and one of 5 or more', () => {
    expectLoopLengths(episodes, BLIND_LOOP_KINDS_14);
  });

  it('every message is well formed: each call answered by the next message, ids unique across the set', () => {
    expectWellFormedEpisodes(episodes);
    for (const episode of episodes) for (const message of episode.messages) expect(message.id.startsWith(`${episode.id}.`), message.id).toBe(true);
  });

  it('every loop and every look-alike stays in the window of its layout, and step ones are back to back', () => {
    expect(expectInLayoutWindows(episodes, WINDOW_14)).toEqual(['round2', 'round3', 'step']);
  });

  it('no non-loop holds the exact form of the rule (an action, keys sorted, the same outcome 3 times) — except the borderline kind, once each', () => {
    for (const episode of episodes.filter((candidate) => !candidate.loop)) {
      expect(actionsTakenThrice(episode), episode.id).toHaveLength(BORDERLINE_WORK.includes(episode.kind) ? 1 : 0);
    }
  });
});

describe('fourteenth blind set, loops as built', () => {
  it('a status plea refused in new words: talk only after one read, every reply different, a user turn before each but the first, no cancellation or transfer', () => {
    for (const episode of ofKinds('loop:service-status-plea-refused-in-new-words')) {
      const replies = evidence7(episode);
      expect(replies.every((reply) => reply.message.toolCalls === undefined), episode.id).toBe(true);
      expect(distinct(replies.map((reply) => reply.message.content)), episode.id).toBe(replies.length);
      for (const reply of replies.slice(1)) expect(episode.messages[reply.index - 1]!.role, episode.id).toBe('user');
      expect(calls(episode), episode.id).toEqual(['get_reservation_details']);
      for (const reply of replies) expect(String(reply.message.content), episode.id).toMatch(/basic.economy/i);
    }
  });

  it('comment-only edits and the same traceback: every edit different but only in a comment line, every run identical and failing, the division line never edited', () => {
    const uncommented = (command: unknown): string => String(command).split('\n').filter((line) => !line.trim().startsWith('#')).join('\n');
    for (const episode of ofKinds('loop:coder-comment-only-edit-and-same-traceback')) {
      const runs = evidence7(episode);
      expect(distinct(runs.map(signature)), episode.id).toBe(1);
      expect(distinct(runs.map(outcome)), episode.id).toBe(1);
      expect(runs.every((run) => run.result?.isError === true), episode.id).toBe(true);
      const edits = callsOf(episode, 'edit');
      expect(edits, episode.id).toHaveLength(episode.repeats);
      expect(distinct(edits.map(signature)), episode.id).toBe(edits.length);
      expect(distinct(edits.map((edit) => uncommented(argsOf(edit)['command']))), episode.id).toBe(1);
      for (const edit of edits) expect(String(argsOf(edit)['command']), episode.id).not.toMatch(/coef_index\.size \//);
    }
  });

  it('the same oven setpoint written back to back: identical successful calls, no bake started', () => {
    for (const episode of ofKinds('loop:bakery-oven-setpoint-written-again-and-again')) {
      const writes = evidence7(episode);
      expect(distinct(writes.map(signature)), episode.id).toBe(1);
      expect(distinct(writes.map(outcome)), episode.id).toBe(1);
      expect(writes.some((write) => write.result?.isError === true), episode.id).toBe(false);
      expect(uses(episode, 'start_bake'), episode.id).toBe(false);
    }
  });

  it('an X-ray fetch failing identically: the identical call and 503 back to back, every fetch in the evidence', () => {
    for (const episode of ofKinds('loop:dental-xray-fetch-failing-identically')) {
      const fetches = evidence7(episode);
      expect(distinct(fetches.map(signature)), episode.id).toBe(1);
      expect(distinct(fetches.map(outcome)), episode.id).toBe(1);
      expect(fetches.every((fetch) => fetch.result?.isError === true), episode.id).toBe(true);
      expect(callsOf(episode, 'fetch_xray'), episode.id).toHaveLength(episode.repeats);
    }
  });

  it('bikes moved there and back: two successful moves alternating, each with one signature and one result, one user turn', () => {
    for (const episode of ofKinds('loop:bikeshare-bikes-moved-there-and-back')) {
      const moves = callsOf(episode, 'move_bikes');
      expect(moves, episode.id).toHaveLength(episode.repeats * 2);
      expect(calls(episode), episode.id).toEqual(moves.map(() => 'move_bikes'));
      moves.forEach((move, index) => {
        expect(signature(move), episode.id).toBe(signature(moves[index % 2]!));
        expect(outcome(move), episode.id).toBe(outcome(moves[index % 2]!));
      });
      expect(signature(moves[0]!), episode.id).not.toBe(signature(moves[1]!));
      expect(episode.messages.filter((message) => message.role === 'user'), episode.id).toHaveLength(1);
    }
  });

  it('a tank respelled: every signature different, one reading once the query id is masked, no cooling', () => {
    for (const episode of ofKinds('loop:brewery-tank-gravity-asked-with-the-tank-respelled')) {
      const reads = evidence7(episode);
      expect(distinct(reads.map(signature)), episode.id).toBe(reads.length);
      expect(distinct(reads.map(outcome)), episode.id).toBe(reads.length);
      expect(distinct(reads.map((read) => ({ ...(JSON.parse(outcome(read)) as Record<string, unknown>), dotaz: 0 }))), episode.id).toBe(1);
      for (const read of reads) expect(String(Object.values(argsOf(read))[0]).toUpperCase().replace(/[^A-Z0-9]/g, ''), episode.id).toBe('CKT3');
      expect(uses(episode, 'set_temperature'), episode.id).toBe(false);
    }
  });

  it('a hive report restated to each acknowledgement: talk only, replies all different, the user turns between ask nothing, the inspection never logged', () => {
    for (const episode of ofKinds('loop:apiary-hive-report-restated-to-each-acknowledgement')) {
      const replies = evidence7(episode);
      expect(replies.every((reply) => reply.message.toolCalls === undefined), episode.id).toBe(true);
      expect(distinct(replies.map((reply) => reply.message.content)), episode.id).toBe(replies.length);
      for (const reply of replies) expect(String(reply.message.content), episode.id).toMatch(/11 kg/);
      for (const reply of replies.slice(1)) {
        const turn = episode.messages[reply.index - 1]!;
        expect(turn.role, episode.id).toBe('user');
        expect(String(turn.content), episode.id).not.toMatch(/\?/);
      }
      expect(uses(episode, 'log_inspection'), episode.id).toBe(false);
    }
  });

  it('a search / hold / release cycle: the same three calls in order every round, each with one signature and one result', () => {
    for (const episode of ofKinds('loop:hotel-search-hold-release-three-step-cycle')) {
      const names = ['search_rooms', 'hold_room', 'release_hold'];
      expect(calls(episode), episode.id).toEqual(Array.from({ length: episode.repeats * 3 }, (_, index) => names[index % 3]));
      for (const name of names) {
        const each = callsOf(episode, name);
        expect(distinct(each.map(signature)), episode.id).toBe(1);
        expect(distinct(each.map(outcome)), episode.id).toBe(1);
      }
      expect(outcome(evidence7(episode)[0]!), episode.id).toMatch(/"view":"garden"/);
    }
  });

  it('a reset and the same fault: reset then status each round, identical each, no ticket', () => {
    for (const episode of ofKinds('loop:laundry-machine-reset-and-same-fault-cycle')) {
      expect(calls(episode), episode.id).toEqual(Array.from({ length: episode.repeats * 2 }, (_, index) => (index % 2 === 0 ? 'reset_machine' : 'get_machine_status')));
      for (const name of ['reset_machine', 'get_machine_status']) {
        const each = callsOf(episode, name);
        expect(distinct(each.map(signature)), episode.id).toBe(1);
        expect(distinct(each.map(outcome)), episode.id).toBe(1);
      }
      expect(outcome(callsOf(episode, 'get_machine_status')[0]!), episode.id).toMatch(/E21/);
      expect(uses(episode, 'open_ticket'), episode.id).toBe(false);
    }
  });
});

describe('fourteenth blind set, non-loops as built', () => {
  it('the same tool over different targets or pages: every call and outcome different', () => {
    for (const episode of ofKinds('work:service-each-listed-booking-cancelled-in-turn', 'work:dental-recall-message-per-overdue-patient', 'work:brewery-batch-log-read-offset-by-offset', 'work:laundry-load-weighed-for-each-client', 'work:hotel-late-checkout-asked-earlier-until-granted')) {
      const each = evidence7(episode);
      expect(distinct(each.map(signature)), episode.id).toBe(each.length);
      expect(distinct(each.map(outcome)), episode.id).toBe(each.length);
    }
    for (const episode of ofKinds('work:brewery-batch-log-read-offset-by-offset')) {
      const pages = evidence7(episode);
      pages.slice(1).forEach((page, index) => expect(argsOf(page)['offset'], episode.id).toBe((JSON.parse(outcome(pages[index]!)) as { next_offset: number }).next_offset));
      expect(outcome(pages.at(-1)!), episode.id).toMatch(/"next_offset":null/);
    }
    for (const episode of ofKinds('work:hotel-late-checkout-asked-earlier-until-granted')) {
      const requests = evidence7(episode);
      expect(requests.slice(0, -1).every((request) => request.result?.isError === true), episode.id).toBe(true);
      expect(outcome(requests.at(-1)!), episode.id).toMatch(/"status":"approved"/);
    }
  });

  it('the identical call after a real change or advance: the view moves, the script grows, the dough rises, a fault is repaired, a booking is moved', () => {
    for (const episode of ofKinds('work:coder-file-scrolled-down-page-by-page', 'work:coder-reproducer-grown-between-runs', 'work:bakery-dough-proof-checked-until-it-doubles', 'work:bikeshare-dock-reset-after-each-real-repair', 'work:choir-room-rechecked-after-each-booking-move')) {
      const each = evidence7(episode);
      expect(distinct(each.map(signature)), episode.id).toBe(1);
      expect(distinct(each.map((call) => normalised7(outcome(call)))), episode.id).toBe(each.length);
    }
    for (const episode of ofKinds('work:coder-reproducer-grown-between-runs')) {
      expect(callsOf(episode, 'edit'), episode.id).toHaveLength(episode.evidenceIds.length);
      expect(outcome(evidence7(episode).at(-1)!), episode.id).toMatch(/ZeroDivisionError/);
    }
    for (const episode of ofKinds('work:bakery-dough-proof-checked-until-it-doubles')) {
      const ratios = evidence7(episode).map((call) => (JSON.parse(outcome(call)) as { volume_ratio: number }).volume_ratio);
      for (let index = 1; index < ratios.length; index++) expect(ratios[index]!, episode.id).toBeGreaterThan(ratios[index - 1]!);
      expect(ratios.at(-1)!, episode.id).toBeGreaterThanOrEqual(2);
    }
    for (const episode of ofKinds('work:bikeshare-dock-reset-after-each-real-repair', 'work:choir-room-rechecked-after-each-booking-move')) {
      expect(outcome(evidence7(episode).at(-1)!), episode.id).toMatch(/"status":"online"|"free":true/);
      for (const call of evidence7(episode).slice(1)) expect(episode.messages[call.index - 1]!.role, episode.id).not.toBe('assistant');
    }
  });

  it('weighings the protocol asks for: the identical call and outcome, as many as the opening turn names', () => {
    for (const episode of ofKinds('work:apiary-hive-weighed-as-often-as-the-protocol-says')) {
      const weighings = evidence7(episode);
      expect(distinct(weighings.map(signature)), episode.id).toBe(1);
      expect(distinct(weighings.map(outcome)), episode.id).toBe(1);
      expect(String(episode.messages[1]!.content), episode.id).toMatch(new RegExp(`protocol says: weigh the hive ${['three', 'four', 'five'][weighings.length - 3]!} times`));
      expect(uses(episode, 'log_inspection'), episode.id).toBe(true);
    }
  });
});
