import { describe, expect, it } from 'vitest';
import { actionsTakenThrice, expectLoopLengths, expectLoopsInWindow } from './test-support/expect-blind-set-shape.js';
import { BLIND_LOOP_KINDS } from './blind-restatement-episodes.js';
import { BLIND_LOOP_KINDS_2 } from './blind-loop-episodes-2.js';
import { BLIND_LOOP_KINDS_3 } from './blind-loop-episodes-3.js';
import { BLIND_LOOP_KINDS_4 } from './blind-loop-episodes-4.js';
import { BLIND_LOOP_KINDS_5 } from './blind-loop-episodes-5.js';
import { BLIND_LOOP_KINDS_6 } from './blind-loop-episodes-6.js';
import { BLIND_LOOP_KINDS_7 } from './blind-loop-episodes-7.js';
import { BLIND_EPISODES_PER_KIND_8, BLIND_LOOP_KINDS_8, OBSERVED_KINDS_8, blindLoopEpisode8, blindLoopEpisodes8, type BlindLoopEpisode8 } from './blind-loop-episodes-8.js';
import type { CairnMessage } from '@cairn/core';
import { args7, evidence7, signature7 } from './test-support/blind-set-7-queries.js';
import { expectWellFormedEpisodes } from './test-support/expect-well-formed-episodes.js';

const episodes = blindLoopEpisodes8();
const loops = episodes.filter((episode) => episode.loop);
/** Non-loop kinds borderline in every episode (README: "Borderline"). */
const BORDERLINE_WORK = [
  'work:service-traveller-id-asked-for-each-new-request',
  'work:coder-programmer-retraces-debugger-path',
  'work:home-arm-self-check-before-each-pick',
  'work:sheet-reconcile-rerun-as-asked',
  'work:tutor-japanese-phrase-replayed-on-request',
];
/** The loop kind borderline at every length. */
const BORDERLINE_LOOP = 'loop:service-identical-sum-for-each-new-variant';
/** Non-loop kinds allowed to hold the exact form of the rule (one action, keys sorted, the same outcome 3+ times). */
const EXACT_FORM_WORK = ['work:coder-programmer-retraces-debugger-path', 'work:home-arm-self-check-before-each-pick', 'work:sheet-reconcile-rerun-as-asked', 'work:tutor-japanese-phrase-replayed-on-request'];
/** Loop kinds made of rounds of two steps. */
const ROUND_KINDS = ['loop:coder-bare-name-open-then-find-round', 'loop:home-thermostat-set-then-schedule-reverts', BORDERLINE_LOOP];
/** The kind names of the two synthetic sets, whose lists are not exported. */
const SYNTHETIC_KINDS = [
  'loop:same-failing-call', 'loop:same-read', 'loop:same-reply', 'loop:two-step-cycle', 'work:paging', 'work:edit-run-iteration', 'work:near-identical-calls', 'work:twice-only', 'work:spread-out-repeats', 'work:plain',
  'loop:varied-rejected-edit', 'loop:reworded-refusal', 'loop:reworded-request', 'work:other-value-each-try', 'work:offer-with-new-values', 'work:varied-edit-that-applies',
];
const domainOf = (episode: BlindLoopEpisode8): string => episode.kind.split(':')[1]!.split('-')[0]!;
const ofKinds = (...kinds: string[]): BlindLoopEpisode8[] => episodes.filter((episode) => kinds.includes(episode.kind));
const distinct = (values: readonly unknown[]): number => new Set(values.map((value) => JSON.stringify(value))).size;
const outcome = (call: { result?: { content?: unknown } }): string => String(call.result?.content ?? '');
const signature = (call: { message: CairnMessage }): string => signature7(call.message);
const argsOf = (call: { message: CairnMessage }): Record<string, unknown> => args7(call.message);

describe('blindLoopEpisodes8', () => {
  it('is deterministic: the same set every call, each episode the same by index', () => {
    expect(blindLoopEpisodes8()).toEqual(episodes);
    expect(blindLoopEpisode8(40)).toEqual(episodes[40]);
    expect(blindLoopEpisode8(555)).toEqual(blindLoopEpisode8(555));
    expect(blindLoopEpisode8(555).kind).toBe(BLIND_LOOP_KINDS_8[555 % BLIND_LOOP_KINDS_8.length]);
  });

  it('has 75 episodes of 25 kinds, 33 loops (44%), over eight domains', () => {
    expect(episodes).toHaveLength(75);
    expect(BLIND_LOOP_KINDS_8).toHaveLength(25);
    expect(new Set(BLIND_LOOP_KINDS_8).size).toBe(25);
    for (const kind of BLIND_LOOP_KINDS_8) expect(episodes.filter((episode) => episode.kind === kind)).toHaveLength(BLIND_EPISODES_PER_KIND_8);
    expect(loops).toHaveLength(33);
    const perDomain = (domain: string): [number, number] => [episodes.filter((episode) => domainOf(episode) === domain).length, loops.filter((episode) => domainOf(episode) === domain).length];
    expect(['service', 'coder', 'mail', 'home', 'sheet', 'tutor', 'game', 'l10n'].map(perDomain)).toEqual([[9, 6], [12, 3], [9, 3], [12, 6], [9, 3], [9, 3], [9, 6], [6, 3]]);
  });

  it('has two strata: observed (7 kinds: tau-bench and CodeR; 9 loops) and novel (18 kinds, none in customer service or coding; 24 loops)', () => {
    expect(OBSERVED_KINDS_8).toHaveLength(7);
    for (const episode of episodes) expect(episode.stratum, episode.id).toBe(OBSERVED_KINDS_8.includes(episode.kind) ? 'observed' : 'novel');
    const observed = episodes.filter((episode) => episode.stratum === 'observed');
    const novel = episodes.filter((episode) => episode.stratum === 'novel');
    expect([observed.length, novel.length]).toEqual([21, 54]);
    expect([observed, novel].map((stratum) => stratum.filter((episode) => episode.loop).length)).toEqual([9, 24]);
    expect(observed.every((episode) => ['service', 'coder'].includes(domainOf(episode)))).toBe(true);
    expect(novel.some((episode) => ['service', 'coder'].includes(domainOf(episode)))).toBe(false);
  });

  it('plants only kinds that no earlier blind or synthetic set has (the seventh included)', () => {
    const bare = (kind: string): string => kind.replace(/^(loop|work):(tau-|service-|coder-)?/, '');
    const earlier = new Set([...BLIND_LOOP_KINDS, ...BLIND_LOOP_KINDS_2, ...BLIND_LOOP_KINDS_3, ...BLIND_LOOP_KINDS_4, ...BLIND_LOOP_KINDS_5, ...BLIND_LOOP_KINDS_6, ...BLIND_LOOP_KINDS_7, ...SYNTHETIC_KINDS].map(bare));
    for (const kind of BLIND_LOOP_KINDS_8) expect(earlier.has(bare(kind)), kind).toBe(false);
  });

  it('labels by kind; borderline loops are those of 3 repeats and the identical sum; borderline non-loops the five kinds named', () => {
    for (const episode of episodes) {
      expect(episode.loop).toBe(episode.kind.startsWith('loop:'));
      expect(episode.note.length, episode.id).toBeGreaterThan(60);
      if (episode.loop) {
        expect(episode.repeats).toBeGreaterThanOrEqual(3);
        expect(episode.repeats).toBeLessThanOrEqual(6);
        expect(episode.evidenceIds).toHaveLength(episode.repeats);
        expect(episode.borderline, episode.id).toBe(episode.repeats === 3 || episode.kind === BORDERLINE_LOOP);
      } else {
        expect(episode.repeats).toBe(0);
        expect(episode.evidenceIds.length, episode.id).toBeGreaterThanOrEqual(3);
        expect(episode.borderline, episode.id).toBe(BORDERLINE_WORK.includes(episode.kind));
      }
    }
    expect(loops.filter((episode) => episode.borderline)).toHaveLength(13);
    expect(episodes.filter((episode) => !episode.loop && episode.borderline)).toHaveLength(15);
  });

  it('every loop kind has one loop of 3, one of 4 and one of 5 or more', () => {
    expectLoopLengths(episodes, BLIND_LOOP_KINDS_8);
  });

  it('every message is well formed: each call answered by the next message, ids unique across the set', () => {
    expectWellFormedEpisodes(episodes);
  });

  it('every loop stays in a window: three repeats within 4 assistant messages, three rounds (two steps each) within 6', () => {
    expectLoopsInWindow(loops, ROUND_KINDS);
  });

  it('no non-loop holds the exact form of the rule (an action, keys sorted, the same outcome 3 times) — except the required, requested or retraced repetitions', () => {
    for (const episode of episodes.filter((candidate) => !candidate.loop)) {
      const over = actionsTakenThrice(episode);
      expect(over, episode.id).toHaveLength(EXACT_FORM_WORK.includes(episode.kind) ? 1 : 0);
    }
  });
});

describe('eighth blind set, loops as built', () => {
  it('volatile loops: the identical call each time; the outputs differ, but not once stamps, ids and counters are masked', () => {
    const masks: Record<string, (text: string) => string> = {
      'loop:mail-free-slots-empty-fresh-stamp': (text) => text.replace(/"(request_id|generated_at|query_ms)":("[^"]*"|\d+)/g, '"$1":X'),
      'loop:home-vacuum-jammed-telemetry-drifts': (text) => text.replace(/job \w+/, 'job J').replace(/started [\d:]+/, 'started T').replace(/battery \d+%/, 'battery B').replace(/uptime \d+m/, 'uptime U'),
      'loop:game-wall-bump-turn-counter': (text) => text.replace(/Turn \d+/, 'Turn N'),
    };
    for (const episode of ofKinds(...Object.keys(masks))) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
      expect(distinct(calls.map((call) => masks[episode.kind]!(outcome(call)))), episode.id).toBe(1);
    }
  });

  it('near-identical arguments: a different argument string each time, the identical outcome (up to the recalculation time)', () => {
    for (const episode of ofKinds('loop:sheet-formula-respelled-div-zero', 'loop:l10n-german-placeholder-dropped-again')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(calls.length);
      expect(distinct(calls.map((call) => outcome(call).replace(/"recalc_ms":\d+/, ''))), episode.id).toBe(1);
    }
    for (const episode of ofKinds('loop:l10n-german-placeholder-dropped-again')) for (const call of evidence7(episode)) expect(String(argsOf(call)['text']), episode.id).not.toContain('{count}');
  });

  it('rounds repeat the same two-step sequence of calls and outcomes', () => {
    for (const episode of ofKinds('loop:coder-bare-name-open-then-find-round', 'loop:home-thermostat-set-then-schedule-reverts')) {
      const starts = evidence7(episode).map((call) => call.index);
      const period = starts[1]! - starts[0]!;
      const rounds = starts.map((start) => episode.messages.slice(start, start + period).filter((message) => message.role === 'tool').map((message) => `${message.name}:${String(message.content)}`));
      for (const round of rounds) expect(round, episode.id).toEqual(rounds[0]);
      expect(rounds[0], episode.id).toHaveLength(2);
    }
  });

  it('the identical sum: the same call and answer each time, after a different question each time', () => {
    for (const episode of ofKinds(BORDERLINE_LOOP)) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(1);
      const questions = calls.map((call) => episode.messages[call.index - 1]!);
      expect(questions.every((question) => question.role === 'user'), episode.id).toBe(true);
      expect(distinct(questions.map((question) => question.content)), episode.id).toBe(calls.length);
    }
  });

  it('restatement loops: replies with no call between, each worded anew, the other side speaking between them', () => {
    for (const episode of ofKinds('loop:service-farewell-ping-pong', 'loop:tutor-spanish-hint-reworded', 'loop:game-plan-restated-turn-unplayed')) {
      const replies = evidence7(episode);
      expect(replies.every((reply) => reply.message.toolCalls === undefined), episode.id).toBe(true);
      expect(distinct(replies.map((reply) => reply.message.content)), episode.id).toBe(replies.length);
      const between = episode.messages.slice(replies[0]!.index, replies.at(-1)!.index);
      expect(between.some((message) => message.toolCalls !== undefined), episode.id).toBe(false);
      for (const reply of replies) expect(episode.messages[reply.index + 1]?.role, episode.id).toBe('user');
    }
  });
});

describe('eighth blind set, non-loops as built', () => {
  it('progressing polls and moves: the identical call, a new outcome each time', () => {
    for (const episode of ofKinds('work:mail-outbox-drains-while-polled', 'work:home-firmware-bar-advances', 'work:game-corridor-north-new-room')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
    }
    for (const episode of ofKinds('work:mail-outbox-drains-while-polled')) {
      const queued = evidence7(episode).map((call) => Number(JSON.parse(outcome(call)).queued));
      expect(queued, episode.id).toEqual([...queued].sort((a, b) => b - a));
      expect(queued.at(-1), episode.id).toBe(0);
    }
    for (const episode of ofKinds('work:home-firmware-bar-advances')) expect(outcome(evidence7(episode).at(-1)!), episode.id).toMatch(/100%/);
  });

  it('same tool, a different target each time', () => {
    const field: Record<string, string> = {
      'work:mail-same-narration-different-threads': 'thread_id',
      'work:sheet-fx-rate-per-currency': 'quote',
      'work:l10n-one-key-every-locale': 'locale',
      'work:tutor-german-drill-new-numbers': 'problem_id',
    };
    for (const episode of ofKinds(...Object.keys(field))) {
      const calls = evidence7(episode);
      expect(distinct(calls.map((call) => argsOf(call)[field[episode.kind]!])), episode.id).toBe(calls.length);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
    }
    for (const episode of ofKinds('work:mail-same-narration-different-threads')) expect(distinct(evidence7(episode).map((call) => call.message.content)), episode.id).toBe(1);
  });

  it('re-runs after real edits: an edit before every run or goto, a new outcome each time', () => {
    for (const episode of ofKinds('work:coder-reproducer-rewrites-until-reproduced', 'work:coder-reopen-goto-edit-rerun-rounds')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
      for (let index = 1; index < calls.length; index++) {
        const between = episode.messages.slice(calls[index - 1]!.index + 1, calls[index]!.index);
        expect(between.some((message) => message.toolCalls?.[0]?.name === 'edit'), episode.id).toBe(true);
      }
    }
  });

  it('requested, required and retraced repetitions', () => {
    for (const episode of ofKinds('work:tutor-japanese-phrase-replayed-on-request')) {
      const calls = evidence7(episode);
      for (const call of calls.slice(1)) expect(String(episode.messages[call.index - 1]!.content), episode.id).toMatch(/もう/);
    }
    for (const episode of ofKinds('work:sheet-reconcile-rerun-as-asked')) {
      const words = ['three', 'four'];
      expect(String(episode.messages[1]!.content), episode.id).toContain(words[episode.evidenceIds.length - 3]!);
    }
    for (const episode of ofKinds('work:home-arm-self-check-before-each-pick')) {
      const picked = evidence7(episode).map((call) => argsOf({ message: episode.messages[call.index + 2]! })['item']);
      expect(distinct(picked), episode.id).toBe(picked.length);
    }
    for (const episode of ofKinds('work:coder-programmer-retraces-debugger-path')) {
      const roles = episode.messages.filter((message) => message.role === 'system').map((message) => /You are the (\w+)/.exec(String(message.content))![1]);
      expect(roles.slice(0, 2), episode.id).toEqual(['Debugger', 'Programmer']);
      expect(roles.length, episode.id).toBe(episode.evidenceIds.length - 1);
    }
    for (const episode of ofKinds('work:service-traveller-id-asked-for-each-new-request')) {
      const requests = evidence7(episode).map((reply) => episode.messages[reply.index - 1]!.content);
      expect(distinct(requests), episode.id).toBe(requests.length);
    }
  });
});
