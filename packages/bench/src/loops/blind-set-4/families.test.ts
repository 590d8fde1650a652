import { describe, expect, it } from 'vitest';
import { blindLoopEpisodes4, type BlindLoopEpisode4 } from '../blind-loop-episodes-4.js';
import { actionKey, evidence4, normalised4, signature4, text4 } from '../test-support/blind-set-4-queries.js';

const episodes = blindLoopEpisodes4();
const ofKinds = (...kinds: string[]): BlindLoopEpisode4[] => {
  const found = episodes.filter((episode) => kinds.includes(episode.kind));
  expect(found).toHaveLength(kinds.length * 3);
  return found;
};
/** The agent's calls (sorted signature and normalised outcome) between two message indexes. */
const callsBetween = (episode: BlindLoopEpisode4, from: number, to: number): string[] =>
  episode.messages.slice(from, to).flatMap((message, offset) => (message.toolCalls ? [actionKey(episode, from + offset)] : []));

describe('fourth blind set, loops as built', () => {
  it('call loops repeat one call (keys sorted) with the same outcome (run times and job ids aside)', () => {
    const kinds = ['loop:service-desk-pingpong', 'loop:service-recheck-amid-chatter', 'loop:service-requeue-same-failure', 'loop:coder-view-args-reordered', 'loop:coder-role-pingpong', 'loop:coder-setting-toggle', 'loop:coder-status-diff-recheck'];
    for (const episode of ofKinds(...kinds)) {
      const calls = evidence4(episode);
      expect(new Set(calls.map((call) => signature4(call.message))).size, episode.id).toBe(1);
      expect(new Set(calls.map((call) => normalised4(text4(call.result)))).size, episode.id).toBe(1);
    }
  });

  it('cycles repeat the same round: every full round is the same sequence of calls and outcomes', () => {
    for (const episode of ofKinds('loop:service-desk-pingpong', 'loop:service-requeue-same-failure', 'loop:coder-setting-toggle', 'loop:coder-status-diff-recheck')) {
      const starts = evidence4(episode).map((call) => call.index);
      const period = starts[1]! - starts[0]!;
      // Job ids in a status check's arguments are new per enqueue; normalised like outputs.
      const rounds = starts.map((start) => callsBetween(episode, start, start + period).map(normalised4));
      for (const round of rounds.slice(0, -1)) expect(round, episode.id).toEqual(rounds[0]);
      expect(rounds[0]!.length, episode.id).toBeGreaterThanOrEqual(2);
    }
  });

  it('the reordered view and the re-queue differ only cosmetically: raw arguments or raw outputs differ, sorted and normalised they do not', () => {
    for (const episode of ofKinds('loop:coder-view-args-reordered')) {
      const raw = evidence4(episode).map((call) => JSON.stringify(call.message.toolCalls![0]!.arguments));
      expect(new Set(raw).size, episode.id).toBeGreaterThan(2);
    }
    for (const episode of ofKinds('loop:service-requeue-same-failure')) {
      const raw = evidence4(episode).map((call) => text4(call.result));
      expect(new Set(raw).size, episode.id).toBe(raw.length);
    }
  });

  it('the chatter loop answers a new unrelated question between re-reads, and nothing between changes the booking', () => {
    for (const episode of ofKinds('loop:service-recheck-amid-chatter')) {
      const calls = evidence4(episode);
      const questions = calls.map((call) => text4(episode.messages[call.index + 3]));
      expect(new Set(questions).size, episode.id).toBe(questions.length);
      expect(callsBetween(episode, calls[0]!.index, calls.at(-1)!.index + 1).every((key) => key.startsWith('get_seat_map'))).toBe(true);
    }
  });

  it('reworded loops ask one question with a new call each time and always get the same answer', () => {
    for (const episode of ofKinds('loop:service-help-search-reworded', 'loop:coder-version-asked-many-ways')) {
      const calls = evidence4(episode);
      expect(new Set(calls.map((call) => signature4(call.message))).size, episode.id).toBe(calls.length);
      const [first, last] = [calls[0]!.index, calls.at(-1)!.index];
      expect(callsBetween(episode, first, last + 1)).toHaveLength(calls.length);
    }
    for (const episode of ofKinds('loop:service-help-search-reworded')) {
      for (const call of evidence4(episode)) expect(JSON.parse(text4(call.result)).total).toBe(0);
    }
    for (const episode of ofKinds('loop:coder-version-asked-many-ways')) {
      const versions = evidence4(episode).map((call) => /\d+\.\d+\.\d+/.exec(text4(call.result))![0]);
      expect(new Set(versions).size, episode.id).toBe(1);
      expect(episode.borderline).toBe(true);
    }
  });

  it('talk loops restate in new words, each answered by a user turn, with no call between', () => {
    for (const episode of ofKinds('loop:service-answer-in-other-form', 'loop:service-spanish-same-refusal', 'loop:coder-format-error-restated-plan')) {
      const replies = evidence4(episode);
      expect(replies.every((reply) => !reply.message.toolCalls)).toBe(true);
      expect(new Set(replies.map((reply) => text4(reply.message))).size, episode.id).toBe(replies.length);
      expect(callsBetween(episode, replies[0]!.index, replies.at(-1)!.index), episode.id).toHaveLength(0);
      for (const { index } of replies) expect(episode.messages[index + 1]!.role, episode.id).toBe('user');
    }
    for (const episode of ofKinds('loop:service-answer-in-other-form')) {
      const verify = episode.messages.find((message) => message.toolCalls?.[0]?.name === 'verify_member')!;
      const [year] = String((verify.toolCalls![0]!.arguments as { date_of_birth: string }).date_of_birth).split('-');
      expect(text4(episode.messages[1])).toContain(year);
      for (const reply of evidence4(episode)) expect(text4(episode.messages[reply.index + 1])).toContain(year);
    }
    for (const episode of ofKinds('loop:coder-format-error-restated-plan')) {
      const errors = evidence4(episode).map((reply) => text4(episode.messages[reply.index + 1]));
      expect(new Set(errors).size).toBe(1);
    }
  });
});

describe('fourth blind set, non-loops as built', () => {
  it('look-alike calls differ: each has a new signature (keys sorted) or a new outcome', () => {
    const kinds = ['work:service-desk-chain-accepts', 'work:service-help-search-converges', 'work:service-requeue-after-new-card', 'work:service-seats-selling-out', 'work:service-reordered-args-new-orders', 'work:service-spanish-order-sweep', 'work:service-reread-after-each-write', 'work:coder-handoff-after-fixes', 'work:coder-diff-after-each-edit', 'work:coder-view-ranges-advance', 'work:coder-version-then-upgrade', 'work:coder-spanish-session', 'work:coder-submit-after-cleanup', 'work:coder-backport-branches'];
    for (const episode of ofKinds(...kinds)) {
      const keys = evidence4(episode).map((call) => actionKey(episode, call.index));
      expect(keys.length).toBeGreaterThanOrEqual(3);
      expect(new Set(keys).size, episode.id).toBe(keys.length);
    }
  });

  it('same-signature look-alikes change their outcome every time (seat map, re-reads, diffs, cherry-picks)', () => {
    for (const episode of ofKinds('work:service-seats-selling-out', 'work:service-reread-after-each-write', 'work:coder-diff-after-each-edit', 'work:coder-backport-branches')) {
      const calls = evidence4(episode);
      expect(new Set(calls.map((call) => signature4(call.message))).size, episode.id).toBe(1);
      const outputs = calls.map((call) => normalised4(text4(call.result)));
      expect(new Set(outputs).size, episode.id).toBe(outputs.length);
    }
  });

  it('the diagnostic toggle has an edit between its two "on" flips', () => {
    for (const episode of ofKinds('work:coder-setting-toggle-diagnosis')) {
      const [first, , third] = evidence4(episode);
      expect(signature4(first!.message)).toBe(signature4(third!.message));
      expect(callsBetween(episode, first!.index, third!.index).some((key) => key.startsWith('edit')), episode.id).toBe(true);
    }
  });

  it('talk look-alikes are each different and followed by new information or an action', () => {
    for (const episode of ofKinds('work:service-user-still-looking', 'work:coder-format-error-recovers')) {
      const replies = evidence4(episode);
      expect(new Set(replies.map((reply) => text4(reply.message))).size, episode.id).toBe(replies.length);
      const answers = replies.map((reply) => text4(episode.messages[reply.index + 1]));
      expect(new Set(answers).size, episode.id).toBe(answers.length);
    }
    for (const episode of ofKinds('work:coder-format-error-recovers')) {
      const next = evidence4(episode).map((reply) => episode.messages[reply.index + 2]!);
      expect(next.every((message) => message.toolCalls !== undefined), episode.id).toBe(true);
      expect(new Set(next.map(signature4)).size).toBe(next.length);
    }
  });

  it('the code protocol verifies a different code each time and ends verified', () => {
    for (const episode of ofKinds('work:service-code-resent-once')) {
      const verifications = episode.messages.filter((message) => message.toolCalls?.[0]?.name === 'verify_login_code').map(signature4);
      expect(new Set(verifications).size, episode.id).toBe(verifications.length);
      expect(episode.messages.filter((message) => message.toolCalls?.[0]?.name === 'send_login_code')).toHaveLength(2);
      expect(episode.messages.some((message) => message.role === 'tool' && text4(message).includes('"verified":true'))).toBe(true);
    }
  });
});
