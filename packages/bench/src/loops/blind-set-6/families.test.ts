import type { CairnMessage } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { blindLoopEpisodes6, type BlindLoopEpisode6 } from '../blind-loop-episodes-6.js';
import { callsBetween6, evidence6, normalised6, signature6, text6 } from '../test-support/blind-set-6-queries.js';

const episodes = blindLoopEpisodes6();
const ofKinds = (...kinds: string[]): BlindLoopEpisode6[] => {
  const found = episodes.filter((episode) => kinds.includes(episode.kind));
  expect(found).toHaveLength(kinds.length * 3);
  return found;
};
const outcome = (call: { result?: { content: unknown } }): string => normalised6(String(call.result?.content ?? ''));
const args = (call: { message: CairnMessage }): Record<string, unknown> => call.message.toolCalls![0]!.arguments as Record<string, unknown>;

describe('sixth blind set, loops as built', () => {
  it('call loops repeat one call (keys sorted) with the same outcome', () => {
    const kinds = [
      'loop:service-split-request-sent-as-one-card', 'loop:service-seat-map-refetched-same-offer',
      'loop:coder-two-edit-forms-alternate', 'loop:coder-goto-websearch-open-round', 'loop:coder-go-tidy-build-round', 'loop:coder-checkout-blocked-status-round',
    ];
    for (const episode of ofKinds(...kinds)) {
      const calls = evidence6(episode);
      expect(calls.every((call) => call.message.toolCalls !== undefined), episode.id).toBe(true);
      expect(new Set(calls.map((call) => signature6(call.message))).size, episode.id).toBe(1);
      expect(new Set(calls.map(outcome)).size, episode.id).toBe(1);
    }
  });

  it('rounds repeat the same sequence of calls and outcomes (2 steps, or 3 for the goto / search / open round)', () => {
    const kinds = ['loop:coder-two-edit-forms-alternate', 'loop:coder-goto-websearch-open-round', 'loop:coder-go-tidy-build-round', 'loop:coder-checkout-blocked-status-round'];
    for (const episode of ofKinds(...kinds)) {
      const starts = evidence6(episode).map((call) => call.index);
      const period = starts[1]! - starts[0]!;
      const rounds = starts.map((start) => callsBetween6(episode, start, start + period));
      for (const round of rounds) expect(round, episode.id).toEqual(rounds[0]);
      expect(rounds[0]!.length, episode.id).toBe(episode.kind.includes('goto') ? 3 : 2);
    }
  });

  it('the reworded handover: a different summary each time, the same refusal', () => {
    for (const episode of ofKinds('loop:service-handover-summary-reworded')) {
      const calls = evidence6(episode);
      expect(new Set(calls.map((call) => String(args(call)['summary']))).size, episode.id).toBe(calls.length);
      expect(new Set(calls.map(outcome)).size, episode.id).toBe(1);
    }
  });

  it('restatement loops: replies with no call between them, each worded anew', () => {
    for (const episode of ofKinds('loop:service-italian-promise-restated', 'loop:coder-japanese-plan-restated')) {
      const replies = evidence6(episode);
      expect(replies.every((reply) => reply.message.toolCalls === undefined), episode.id).toBe(true);
      expect(new Set(replies.map((reply) => text6(reply.message))).size, episode.id).toBe(replies.length);
      expect(callsBetween6(episode, replies[0]!.index, replies.at(-1)!.index), episode.id).toEqual([]);
    }
  });

  it('the split request: the customer asks for the split after every failure, in new words', () => {
    for (const episode of ofKinds('loop:service-split-request-sent-as-one-card')) {
      const calls = evidence6(episode);
      const asks = calls.map((call, index) => episode.messages.slice(call.index + 2, calls[index + 1]?.index ?? call.index + 4).filter((message) => message.role === 'user').map(text6).join(' '));
      expect(asks.every((ask) => ask.length > 0), episode.id).toBe(true);
      expect(new Set(asks).size, episode.id).toBe(asks.length);
    }
  });
});

describe('sixth blind set, non-loops as built', () => {
  it('same tool, a new argument each time: gift cards, dates, passengers, booking amounts', () => {
    const keyOf: Record<string, string> = {
      'work:service-gift-cards-each-own-balance': 'payment_id',
      'work:service-direct-and-one-stop-per-date': 'date',
      'work:service-bag-added-per-passenger': 'passenger_id',
      'work:service-booking-amounts-rebalanced': 'payments',
    };
    for (const episode of ofKinds(...Object.keys(keyOf))) {
      const calls = evidence6(episode);
      expect(new Set(calls.map((call) => JSON.stringify(args(call)[keyOf[episode.kind]!]))).size, episode.id).toBe(calls.length);
    }
  });

  it('the identical call, a new outcome each time: scroll, queue, migrations, CI log', () => {
    for (const episode of ofKinds('work:coder-scroll-up-to-definition', 'work:service-queue-position-falls', 'work:coder-migration-one-step-each', 'work:coder-ci-log-tail-grows')) {
      const calls = evidence6(episode);
      expect(new Set(calls.map((call) => signature6(call.message))).size, episode.id).toBe(1);
      expect(new Set(calls.map(outcome)).size, episode.id).toBe(calls.length);
    }
  });

  it('the file reopened by each role: a role change before every open, an edit between every two, no view shown three times', () => {
    for (const episode of ofKinds('work:coder-file-reopened-by-each-role')) {
      const calls = evidence6(episode);
      expect(new Set(calls.map((call) => signature6(call.message))).size, episode.id).toBe(1);
      for (const call of calls) expect(text6(episode.messages[call.index - 1]).startsWith('ROLE:'), episode.id).toBe(true);
      const views = calls.map(outcome);
      for (const view of views) expect(views.filter((other) => other === view).length, episode.id).toBeLessThanOrEqual(2);
      for (let index = 0; index + 2 < calls.length; index++) expect(callsBetween6(episode, calls[index]!.index + 1, calls[index + 2]!.index).some((key) => key.startsWith('edit')), episode.id).toBe(true);
    }
  });

  it('the growing confirmation: each "To confirm" follows a new request and lists a different summary', () => {
    for (const episode of ofKinds('work:service-confirmation-grows-per-request')) {
      const replies = evidence6(episode).map((reply) => text6(reply.message));
      expect(replies.every((reply) => reply.startsWith('To confirm, you would like to')), episode.id).toBe(true);
      expect(new Set(replies).size, episode.id).toBe(replies.length);
    }
  });

  it('the reworked edit: each rejection names a new undefined name and the last edit applies', () => {
    for (const episode of ofKinds('work:coder-undefined-name-edit-reworked')) {
      const calls = evidence6(episode);
      expect(new Set(calls.map((call) => signature6(call.message))).size, episode.id).toBe(calls.length);
      expect(calls.at(-1)!.result!.isError, episode.id).toBeUndefined();
      expect(calls.slice(0, -1).every((call) => call.result!.isError === true), episode.id).toBe(true);
    }
  });

  it('the traveller restating: each restatement is followed by a different agent call', () => {
    for (const episode of ofKinds('work:service-traveller-restates-agent-advances')) {
      expect(new Set(evidence6(episode).map((call) => call.message.toolCalls![0]!.name)).size, episode.id).toBe(episode.evidenceIds.length);
    }
  });

  it('required repetitions: each PIN check and each `succeed` is followed by different work; the benchmark runs as many times as asked', () => {
    for (const episode of ofKinds('work:service-pin-check-before-each-write', 'work:coder-succeed-closes-each-role')) {
      const calls = evidence6(episode);
      const pin = episode.kind.includes('pin');
      // A PIN check guards the write after it; a `succeed` closes the work of its role before it.
      const work = calls.map((call, index) => (pin ? callsBetween6(episode, call.index + 1, calls[index + 1]?.index ?? episode.messages.length) : callsBetween6(episode, index === 0 ? 0 : calls[index - 1]!.index + 1, call.index)).join('|'));
      expect(work.every((keys) => keys.length > 0), episode.id).toBe(true);
      expect(new Set(work).size, episode.id).toBe(work.length);
    }
    for (const episode of ofKinds('work:coder-benchmark-median-of-runs')) {
      const asked = Number(/Run `npm run bench:parse` (\d+) times/.exec(text6(episode.messages[1]))![1]);
      expect(episode.evidenceIds, episode.id).toHaveLength(asked);
    }
  });
});
