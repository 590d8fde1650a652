import { describe, expect, it } from 'vitest';
import { blindLoopEpisodes3, type BlindLoopEpisode3 } from '../blind-loop-episodes-3.js';
import { evidence, normalised, signature, text } from '../test-support/blind-set-3-queries.js';

const episodes = blindLoopEpisodes3();
const ofKinds = (...kinds: string[]): BlindLoopEpisode3[] => {
  const found = episodes.filter((episode) => kinds.includes(episode.kind));
  expect(found).toHaveLength(kinds.length * 3);
  return found;
};
/** The tool calls (signature and normalised outcome) between two message indexes. */
const callsBetween = (episode: BlindLoopEpisode3, from: number, to: number): string[] =>
  episode.messages
    .slice(from, to)
    .flatMap((message, offset) => (message.toolCalls ? [JSON.stringify([signature(message), normalised(text(episode.messages[from + offset + 1]))])] : []));

describe('third blind set, loops as built', () => {
  it('call loops repeat one identical call with the same outcome (run times, stamps and the editor status aside)', () => {
    const kinds = ['loop:service-poll-frozen', 'loop:service-cursor-stuck', 'loop:service-transfer-bounce', 'loop:service-refetch-batch', 'loop:service-flip-flop-write', 'loop:coder-reinstall-no-effect', 'loop:coder-cosmetic-edit-same-failure', 'loop:coder-repro-without-change', 'loop:coder-edit-revert-cycle', 'loop:coder-paging-wraps', 'loop:coder-manager-replan'];
    for (const episode of ofKinds(...kinds)) {
      const calls = evidence(episode);
      expect(new Set(calls.map((call) => signature(call.message))).size, episode.id).toBe(1);
      expect(new Set(calls.map((call) => normalised(text(call.result)))).size, episode.id).toBe(1);
    }
  });

  it('the frozen poll and the flip-flop never give the same raw output twice: only the stamp or the payment history moves', () => {
    for (const episode of ofKinds('loop:service-poll-frozen', 'loop:service-flip-flop-write')) {
      const outputs = evidence(episode).map((call) => text(call.result));
      expect(new Set(outputs).size, episode.id).toBe(outputs.length);
      expect(new Set(outputs.map(normalised)).size, episode.id).toBe(1);
    }
  });

  it('cycles repeat the same round: every round of a cycle is the same sequence of calls and outcomes', () => {
    for (const episode of ofKinds('loop:service-refetch-batch', 'loop:service-flip-flop-write', 'loop:coder-edit-revert-cycle', 'loop:coder-paging-wraps', 'loop:coder-reinstall-no-effect')) {
      const starts = evidence(episode).map((call) => call.index);
      const period = starts[1]! - starts[0]!;
      const rounds = starts.map((start) => callsBetween(episode, start, start + period).map((call) => (episode.kind === 'loop:coder-reinstall-no-effect' ? JSON.parse(call)[1] : call)));
      for (const round of rounds.slice(0, -1)) expect(round, episode.id).toEqual(rounds[0]);
      expect(rounds[0]!.length, episode.id).toBeGreaterThanOrEqual(2);
    }
  });

  it('the cosmetic-edit loop edits only a comment or spaces of the same line before every identical test run', () => {
    for (const episode of ofKinds('loop:coder-cosmetic-edit-same-failure')) {
      const edits = episode.messages.filter((message) => message.toolCalls?.[0]?.name === 'edit').map((message) => (message.toolCalls![0]!.arguments as { command: string }).command);
      expect(edits).toHaveLength(episode.repeats);
      const stripped = edits.map((edit) => edit.replace(/\s+#.*$/m, '').replace(/\s+/g, ''));
      expect(new Set(stripped).size, episode.id).toBe(1);
      expect(new Set(edits).size, episode.id).toBeGreaterThan(1);
    }
  });

  it('the repro loop reads something new between runs but never edits', () => {
    for (const episode of ofKinds('loop:coder-repro-without-change')) {
      const [first, last] = [evidence(episode)[0]!.index, evidence(episode).at(-1)!.index];
      const between = episode.messages.slice(first, last).flatMap((message) => message.toolCalls ?? []);
      expect(between.some((call) => call.name === 'edit' || call.name === 'create'), episode.id).toBe(false);
      const reads = between.filter((call) => (call.arguments as { command: string }).command !== 'python reproduce.py');
      expect(new Set(reads.map((call) => JSON.stringify(call.arguments))).size).toBe(reads.length);
    }
  });

  it('talk loops restate in new words with nothing new learned between (at most one distinct call, repeated)', () => {
    for (const episode of ofKinds('loop:service-forgets-answer', 'loop:service-promises-no-action', 'loop:service-reconfirm-yes')) {
      const replies = evidence(episode).map((reply) => reply.message);
      expect(replies.every((reply) => !reply.toolCalls)).toBe(true);
      expect(new Set(replies.map(text)).size, episode.id).toBe(replies.length);
      const [first, last] = [evidence(episode)[0]!.index, evidence(episode).at(-1)!.index];
      expect(new Set(callsBetween(episode, first, last)).size, episode.id).toBeLessThanOrEqual(1);
      for (const { index } of evidence(episode)) expect(episode.messages[index + 1]!.role, episode.id).toBe('user');
    }
    for (const episode of ofKinds('loop:service-forgets-answer')) {
      const opening = text(episode.messages[1]);
      const lookup = episode.messages.find((message) => message.toolCalls?.[0]?.name === 'find_user_id_by_name_zip')!;
      expect(opening).toContain((lookup.toolCalls![0]!.arguments as { zip: string }).zip);
    }
    for (const episode of ofKinds('loop:service-promises-no-action')) {
      expect(episode.messages.some((message) => message.toolCalls?.[0]?.name === 'cancel_reservation'), episode.id).toBe(false);
    }
  });

  it('the missing-file hunt asks with a different command each time and always hears "nothing"', () => {
    for (const episode of ofKinds('loop:coder-find-missing-file')) {
      const calls = evidence(episode);
      expect(new Set(calls.map((call) => signature(call.message))).size).toBe(calls.length);
      for (const call of calls) expect(text(call.result), episode.id).toMatch(/^(No matches found|Your command ran successfully and did not produce any output|Could not find file)/);
      expect(episode.borderline).toBe(true);
    }
  });
});

describe('third blind set, non-loops as built', () => {
  it('look-alike calls get a new outcome each time', () => {
    const kinds = ['work:service-cursor-advances', 'work:service-calculate-per-item', 'work:service-fallback-payments', 'work:service-user-changes-item', 'work:coder-missing-deps-chain', 'work:coder-git-bisect', 'work:coder-test-matrix', 'work:coder-lint-rounds', 'work:coder-repro-instrumented', 'work:coder-flakiness-probe', 'work:coder-search-narrowing', 'work:coder-manager-hands-on', 'work:coder-verify-each-test', 'work:coder-try-alternatives'];
    for (const episode of ofKinds(...kinds)) {
      const outputs = evidence(episode).map((call) => normalised(text(call.result)));
      expect(outputs.length).toBeGreaterThanOrEqual(3);
      expect(new Set(outputs).size, episode.id).toBe(outputs.length);
    }
  });

  it('"twice" kinds repeat one identical call exactly twice, then act', () => {
    for (const episode of ofKinds('work:service-twice-then-moves-on', 'work:coder-twice-then-edits')) {
      const calls = evidence(episode);
      expect(calls).toHaveLength(2);
      expect(signature(calls[0]!.message)).toBe(signature(calls[1]!.message));
      expect(text(calls[0]!.result)).toBe(text(calls[1]!.result));
      const after = episode.messages.slice(calls[1]!.index + 2).flatMap((message) => message.toolCalls ?? []);
      expect(after.some((call) => ['update_reservation_flights', 'edit'].includes(call.name)), episode.id).toBe(true);
    }
  });

  it('the user-driven toggle writes A, B, A(, B): each write follows a user turn, no state three times', () => {
    for (const episode of ofKinds('work:service-user-toggles')) {
      const writes = evidence(episode);
      expect(writes.length).toBeGreaterThanOrEqual(3);
      writes.forEach((write, index) => {
        if (index > 0) expect(signature(write.message)).not.toBe(signature(writes[index - 1]!.message));
        if (index > 1) expect(signature(write.message)).toBe(signature(writes[index - 2]!.message));
        expect(episode.messages[write.index - 1]!.role, episode.id).toBe('user');
      });
    }
  });

  it('talk look-alikes each say something different and are each followed by a different action', () => {
    for (const episode of ofKinds('work:service-confirm-each-write', 'work:service-apologies-new-issues', 'work:service-progress-reports', 'work:service-escalating-offers')) {
      const replies = evidence(episode);
      expect(new Set(replies.map((reply) => text(reply.message))).size, episode.id).toBe(replies.length);
      const actions = replies.map((reply, index) => callsBetween(episode, reply.index, replies[index + 1]?.index ?? episode.messages.length));
      const acted = actions.filter((calls) => calls.length > 0);
      expect(acted.length, episode.id).toBeGreaterThanOrEqual(replies.length - 1);
      expect(new Set(acted.map((calls) => calls.join())).size, episode.id).toBe(acted.length);
    }
  });

  it('a progress report or confirmation names a different order each time', () => {
    for (const episode of ofKinds('work:service-confirm-each-write', 'work:service-progress-reports')) {
      const orders = evidence(episode).map((reply) => /#W\d{7}/.exec(text(reply.message))![0]);
      expect(new Set(orders).size, episode.id).toBe(orders.length);
    }
  });
});
