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
import { BLIND_EPISODES_PER_KIND_11, BLIND_LOOP_KINDS_11, OBSERVED_KINDS_11, blindLoopEpisode11, blindLoopEpisodes11, type BlindLoopEpisode11 } from './blind-loop-episodes-11.js';
import { WINDOW_11 } from './blind-set-11/family.js';
import { args7, evidence7, signature7 } from './test-support/blind-set-7-queries.js';
import { expectWellFormedEpisodes } from './test-support/expect-well-formed-episodes.js';

const episodes = blindLoopEpisodes11();
const loops = episodes.filter((episode) => episode.loop);
/** Non-loop kinds borderline in every episode (README: "Borderline"). */
const BORDERLINE_WORK = ['work:bank-otp-resent-on-customer-request', 'work:kitchen-oven-alternated-per-tray-recipe', 'work:factory-torque-check-per-station-same-pass'];
/** How many actions (keys sorted, the same outcome) a non-loop kind takes 3 times or more on purpose: the requested resend, the recipe's two settings. */
const EXACT_FORM_WORK: Record<string, number> = { 'work:bank-otp-resent-on-customer-request': 1, 'work:kitchen-oven-alternated-per-tray-recipe': 2 };
/** The kind names of the two synthetic sets, whose lists are not exported. */
const SYNTHETIC_KINDS = [
  'loop:same-failing-call', 'loop:same-read', 'loop:same-reply', 'loop:two-step-cycle', 'work:paging', 'work:edit-run-iteration', 'work:near-identical-calls', 'work:twice-only', 'work:spread-out-repeats', 'work:plain',
  'loop:varied-rejected-edit', 'loop:reworded-refusal', 'loop:reworded-request', 'work:other-value-each-try', 'work:offer-with-new-values', 'work:varied-edit-that-applies',
];
const domainOf = (episode: BlindLoopEpisode11): string => episode.kind.split(':')[1]!.split('-')[0]!;
const ofKinds = (...kinds: string[]): BlindLoopEpisode11[] => episodes.filter((episode) => kinds.includes(episode.kind));
const distinct = (values: readonly unknown[]): number => new Set(values.map((value) => JSON.stringify(value))).size;
const outcome = (call: { result?: { content?: unknown } }): string => String(call.result?.content ?? '');
const signature = (call: { message: CairnMessage }): string => signature7(call.message);
const argsOf = (call: { message: CairnMessage }): Record<string, unknown> => args7(call.message);
const json = (call: { result?: { content?: unknown } }): Record<string, unknown> => JSON.parse(outcome(call)) as Record<string, unknown>;
const toolName = (message: CairnMessage | undefined): string | undefined => message?.toolCalls?.[0]?.name;
/** The tool messages of `period` messages from `start`, as name and masked content. */
const round = (episode: BlindLoopEpisode11, start: number, period: number, mask: (text: string) => string): string[] =>
  episode.messages.slice(start, start + period).filter((message) => message.role === 'tool').map((message) => `${message.name}:${mask(String(message.content))}`);

describe('blindLoopEpisodes11', () => {
  it('is deterministic: the same set every call, each episode the same by index', () => {
    expect(blindLoopEpisodes11()).toEqual(episodes);
    expect(blindLoopEpisode11(41)).toEqual(episodes[41]);
    expect(blindLoopEpisode11(777)).toEqual(blindLoopEpisode11(777));
    expect(blindLoopEpisode11(777).kind).toBe(BLIND_LOOP_KINDS_11[777 % BLIND_LOOP_KINDS_11.length]);
  });

  it('has 60 episodes of 20 kinds, 27 loops (45%), over ten domains', () => {
    expect(episodes).toHaveLength(60);
    expect(BLIND_LOOP_KINDS_11).toHaveLength(20);
    expect(new Set(BLIND_LOOP_KINDS_11).size).toBe(20);
    for (const kind of BLIND_LOOP_KINDS_11) expect(episodes.filter((episode) => episode.kind === kind)).toHaveLength(BLIND_EPISODES_PER_KIND_11);
    expect(loops).toHaveLength(27);
    const perDomain = (domain: string): [number, number] => [episodes.filter((episode) => domainOf(episode) === domain).length, loops.filter((episode) => domainOf(episode) === domain).length];
    expect(['service', 'coder', 'farm', 'charging', 'harbour', 'factory', 'newsroom', 'bank', 'kitchen', 'genealogy'].map(perDomain)).toEqual([[6, 3], [9, 3], [6, 3], [6, 3], [6, 3], [3, 0], [6, 3], [6, 3], [6, 3], [6, 3]]);
  });

  it('has two strata: observed (5 kinds from tau-bench and CodeR; 6 loops) and novel (15 kinds in new domains; 21 loops)', () => {
    expect(OBSERVED_KINDS_11).toHaveLength(5);
    for (const episode of episodes) expect(episode.stratum, episode.id).toBe(OBSERVED_KINDS_11.includes(episode.kind) ? 'observed' : 'novel');
    const observed = episodes.filter((episode) => episode.stratum === 'observed');
    const novel = episodes.filter((episode) => episode.stratum === 'novel');
    expect([observed.length, novel.length]).toEqual([15, 45]);
    expect([observed, novel].map((stratum) => stratum.filter((episode) => episode.loop).length)).toEqual([6, 21]);
    expect(new Set(observed.map(domainOf))).toEqual(new Set(['service', 'coder']));
    expect(novel.some((episode) => ['service', 'coder'].includes(domainOf(episode)))).toBe(false);
  });

  it('plants only kinds that no earlier blind or synthetic set has (the tenth included)', () => {
    const bare = (kind: string): string => kind.replace(/^(loop|work):(tau-|service-|coder-)?/, '');
    const earlier = new Set([...BLIND_LOOP_KINDS, ...BLIND_LOOP_KINDS_2, ...BLIND_LOOP_KINDS_3, ...BLIND_LOOP_KINDS_4, ...BLIND_LOOP_KINDS_5, ...BLIND_LOOP_KINDS_6, ...BLIND_LOOP_KINDS_7, ...BLIND_LOOP_KINDS_8, ...BLIND_LOOP_KINDS_9, ...BLIND_LOOP_KINDS_10, ...SYNTHETIC_KINDS].map(bare));
    for (const kind of BLIND_LOOP_KINDS_11) expect(earlier.has(bare(kind)), kind).toBe(false);
    const earlierDomains = new Set([...BLIND_LOOP_KINDS_7, ...BLIND_LOOP_KINDS_8, ...BLIND_LOOP_KINDS_9, ...BLIND_LOOP_KINDS_10].map((kind) => kind.split(':')[1]!.split('-')[0]!));
    for (const episode of episodes.filter((candidate) => candidate.stratum === 'novel')) expect(earlierDomains.has(domainOf(episode)), episode.kind).toBe(false);
  });

  it('labels by kind; borderline loops are those of 3 repeats; borderline non-loops the three kinds named', () => {
    expectLabelledByKind(episodes, BORDERLINE_WORK, 9, 9);
  });

  it('every loop kind has one loop of 3, one of 4 and one of 5 or more', () => {
    expectLoopLengths(episodes, BLIND_LOOP_KINDS_11);
  });

  it('every message is well formed: each call answered by the next message, ids unique across the set', () => {
    expectWellFormedEpisodes(episodes);
    for (const episode of episodes) for (const message of episode.messages) expect(message.id.startsWith(`${episode.id}.`), message.id).toBe(true);
  });

  it('every loop stays in the window of its layout, and only the declared kinds are laid out other than back to back', () => {
    for (const episode of loops) {
      const actions = episode.messages.filter((message) => message.role === 'assistant').map((message) => message.id);
      const positions = episode.evidenceIds.map((id) => actions.indexOf(id));
      for (let index = 0; index + 2 < positions.length; index++) {
        expect(positions[index + 1]!, episode.id).toBeGreaterThan(positions[index]!);
        expect(positions[index + 2]! - positions[index]!, episode.id).toBeLessThan(WINDOW_11[episode.layout]);
      }
      if (episode.layout === 'step') expect(positions.at(-1)! - positions[0]!, episode.id).toBe(positions.length - 1);
    }
    expect([...new Set(loops.map((episode) => episode.layout))].sort()).toEqual(['round2', 'round3', 'spread', 'step']);
  });

  it('no non-loop holds the exact form of the rule (an action, keys sorted, the same outcome 3 times) — except the requested resend and the recipe', () => {
    for (const episode of episodes.filter((candidate) => !candidate.loop)) {
      expect(actionsTakenThrice(episode), episode.id).toHaveLength(EXACT_FORM_WORK[episode.kind] ?? 0);
    }
  });
});

describe('eleventh blind set, loops as built', () => {
  it('three-step rounds: the same three calls each round, outcomes identical once the editor status line, clocks and stamps are masked; no edit, no pump check', () => {
    const mask = (text: string): string => text.replace(/\(Open file: [^)]*\)/g, '(Open file: F)').replace(/ripreso alle \d\d:\d\d/, 'ripreso alle T').replace(/"read_at":"[^"]*"/, '"read_at":T');
    for (const episode of ofKinds('loop:coder-rerun-after-only-reading-the-module', 'loop:farm-valve-wait-read-moisture-flat')) {
      const starts = evidence7(episode).map((call) => call.index);
      const rounds = starts.map((start) => round(episode, start, 6, mask));
      for (const each of rounds) expect(each, episode.id).toEqual(rounds[0]);
      expect(rounds[0], episode.id).toHaveLength(3);
      const calls = episode.messages.map(toolName);
      expect(calls.includes('edit') || calls.includes('get_pump_status'), episode.id).toBe(false);
      const texts = episode.messages.filter((message) => message.toolCalls).map((message) => message.content);
      expect(distinct(texts), episode.id).toBeGreaterThan(3);
    }
  });

  it('a fake progress field: the identical status call, Preparing and 0 kWh each time, an ETA that never counts down three times in a row', () => {
    for (const episode of ofKinds('loop:charging-preparing-eta-never-shrinks')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      const bodies = calls.map(json);
      for (const body of bodies) expect([body['status'], body['energy_kwh']], episode.id).toEqual(['Preparing', 0]);
      const etas = bodies.map((body) => Number(body['eta_s']));
      for (let index = 0; index + 2 < etas.length; index++) expect(etas[index]! > etas[index + 1]! && etas[index + 1]! > etas[index + 2]!, episode.id).toBe(false);
      expect(distinct(bodies.map((body) => ({ ...body, eta_s: 0, updated_at: 0 }))), episode.id).toBe(1);
    }
  });

  it('repeats spread over talk: the identical call and outcome, something else said or called between every two', () => {
    for (const episode of ofKinds('loop:service-identical-search-at-each-budget-ask', 'loop:harbour-berth-request-repeated-between-chat')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(1);
      for (let index = 1; index < calls.length; index++) {
        const between = episode.messages.slice(calls[index - 1]!.index + 2, calls[index]!.index);
        expect(between.some((message) => message.role === 'user'), episode.id).toBe(true);
        expect(between.some((message) => message.role === 'assistant' && !message.toolCalls), episode.id).toBe(true);
      }
      const asks = episode.messages.filter((message) => message.role === 'user').map((message) => message.content);
      expect(distinct(asks), episode.id).toBe(asks.length);
    }
    for (const episode of ofKinds('loop:harbour-berth-request-repeated-between-chat')) expect(outcome(evidence7(episode)[0]!)).toMatch(/berth 7 free/);
  });

  it('a confirmation asked again after yes: talk only, new words each time, every answer a yes, nothing published', () => {
    for (const episode of ofKinds('loop:newsroom-publish-confirmation-asked-again-after-yes')) {
      const asks = evidence7(episode);
      expect(asks.every((ask) => ask.message.toolCalls === undefined), episode.id).toBe(true);
      expect(distinct(asks.map((ask) => ask.message.content)), episode.id).toBe(asks.length);
      for (const ask of asks) expect(String(episode.messages[ask.index + 1]!.content), episode.id).toMatch(/^Ja/i);
      expect(episode.messages.some((message) => toolName(message) === 'publish_correction'), episode.id).toBe(false);
    }
  });

  it('two-step rounds: the state bounces back with the same code; the oven flips between the same two settings', () => {
    for (const episode of ofKinds('loop:bank-transfer-bounces-to-draft-same-otp')) {
      const submits = evidence7(episode);
      expect(distinct(submits.map(signature)), episode.id).toBe(1);
      expect(distinct(submits.map((call) => ({ ...json(call), challenge_id: 0 }))), episode.id).toBe(1);
      expect(distinct(submits.map((call) => json(call)['challenge_id'])), episode.id).toBe(submits.length);
      const verifies = episode.messages.flatMap((message, index) => (toolName(message) === 'verify_otp' ? [{ message, result: episode.messages[index + 1] }] : []));
      expect(verifies, episode.id).toHaveLength(submits.length);
      expect(distinct(verifies.map(signature)), episode.id).toBe(1);
      expect(distinct(verifies.map(outcome)), episode.id).toBe(1);
      expect(episode.messages.some((message) => toolName(message) === 'resend_otp'), episode.id).toBe(false);
    }
    for (const episode of ofKinds('loop:kitchen-oven-setpoint-flip-flop')) {
      const calls = episode.messages.filter((message) => message.toolCalls);
      expect(calls.map((message) => args7(message)['celsius']), episode.id).toEqual(Array.from({ length: episode.repeats * 2 }, (_, index) => (index % 2 === 0 ? 180 : 200)));
      expect(distinct(calls.map((message) => message.content)), episode.id).toBe(calls.length > 10 ? 10 : calls.length);
      expect(episode.messages.some((message) => toolName(message) === 'start_timer'), episode.id).toBe(false);
    }
  });

  it('dates in new formats: a different argument string each time, the same date as the archive read it, the same answer', () => {
    for (const episode of ofKinds('loop:genealogy-birthdate-reformatted-same-no-match')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(calls.length);
      expect(distinct(calls.map(outcome)), episode.id).toBe(1);
      expect(json(calls[0]!)['hits'], episode.id).toBe(0);
      for (const call of calls) expect(String(argsOf(call)['born']), episode.id).toMatch(/1872/);
    }
  });
});

describe('eleventh blind set, non-loops as built', () => {
  it('the same three-step round with the moisture rising each time, the last over 30%', () => {
    for (const episode of ofKinds('work:farm-valve-wait-read-moisture-rising')) {
      const reads = episode.messages.flatMap((message, index) => (toolName(message) === 'read_soil_moisture' ? [Number(JSON.parse(String(episode.messages[index + 1]!.content)).moisture_pct)] : []));
      expect(reads, episode.id).toHaveLength(episode.evidenceIds.length);
      for (let index = 1; index < reads.length; index++) expect(reads[index]!, episode.id).toBeGreaterThan(reads[index - 1]!);
      expect(reads.at(-1)!, episode.id).toBeGreaterThan(30);
      expect(reads.slice(0, -1).every((value) => value < 30), episode.id).toBe(true);
    }
  });

  it('the identical call with a real field advancing: the handshake phase, the module window', () => {
    for (const episode of ofKinds('work:charging-handshake-phase-advances', 'work:coder-scroll-down-through-a-long-module')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
    }
    for (const episode of ofKinds('work:charging-handshake-phase-advances')) {
      const bodies = evidence7(episode).map(json);
      expect(distinct(bodies.map((body) => body['phase'])), episode.id).toBe(bodies.length);
      expect(bodies.at(-1)!['status'], episode.id).toBe('Charging');
    }
    for (const episode of ofKinds('work:coder-scroll-down-through-a-long-module')) {
      const above = evidence7(episode).map((call) => Number(/\((\d+) more lines above\)/.exec(outcome(call))![1]));
      expect(above, episode.id).toEqual(above.map((_, index) => (index + 1) * 100));
    }
  });

  it('a different target or a real change each time: paths, budgets, ETAs, queries', () => {
    for (const episode of ofKinds('work:coder-relative-path-guessed-until-found', 'work:service-think-and-calculate-per-lower-budget', 'work:harbour-berth-rerequested-with-new-eta', 'work:genealogy-date-format-fixed-then-range-widened')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(calls.length);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
      expect(calls.at(-1)!.result?.isError, episode.id).toBeUndefined();
    }
    for (const episode of ofKinds('work:harbour-berth-rerequested-with-new-eta')) {
      const calls = evidence7(episode);
      expect(outcome(calls.at(-1)!), episode.id).toMatch(/^granted/);
      for (let index = 1; index < calls.length; index++) expect(String(episode.messages[calls[index]!.index - 1]!.content), episode.id).toContain(String(argsOf(calls[index]!)['eta']));
    }
    for (const episode of ofKinds('work:service-think-and-calculate-per-lower-budget')) expect(episode.messages.some((message) => toolName(message) === 'update_reservation_flights'), episode.id).toBe(true);
  });

  it('the same words or the same output over different targets: editors, stations', () => {
    for (const episode of ofKinds('work:newsroom-signoff-asked-of-each-editor')) {
      const asks = evidence7(episode);
      expect(distinct(asks.map((ask) => episode.messages[ask.index + 1]!.name)), episode.id).toBe(asks.length);
      expect(distinct(asks.map((ask) => String(ask.message.content).replace(/^[^(]*\([^)]*\)/, ''))), episode.id).toBe(1);
      expect(episode.messages.some((message) => toolName(message) === 'publish_correction'), episode.id).toBe(true);
    }
    for (const episode of ofKinds('work:factory-torque-check-per-station-same-pass')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(calls.length);
      expect(distinct(calls.map(outcome)), episode.id).toBe(1);
    }
  });

  it('requested and required repeats: the identical call and outcome, the customer asking before each resend, a new tray between every two oven settings', () => {
    for (const episode of ofKinds('work:bank-otp-resent-on-customer-request', 'work:kitchen-oven-alternated-per-tray-recipe')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(signature)), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(1);
      expect(calls.length, episode.id).toBeLessThanOrEqual(4);
    }
    for (const episode of ofKinds('work:bank-otp-resent-on-customer-request')) {
      for (const call of evidence7(episode)) expect(episode.messages[call.index - 1]!.role, episode.id).toBe('user');
      expect(episode.messages.filter((message) => message.role === 'tool').at(-1)!.content, episode.id).toMatch(/completed/);
    }
    for (const episode of ofKinds('work:kitchen-oven-alternated-per-tray-recipe')) {
      const trays = episode.messages.filter((message) => toolName(message) === 'load_tray').map((message) => args7(message)['tray']);
      expect(trays, episode.id).toEqual(trays.map((_, index) => index + 1));
      expect(trays, episode.id).toHaveLength(episode.evidenceIds.length);
    }
  });
});
