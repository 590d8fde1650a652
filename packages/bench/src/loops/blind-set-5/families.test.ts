import { describe, expect, it } from 'vitest';
import { blindLoopEpisodes5, type BlindLoopEpisode5 } from '../blind-loop-episodes-5.js';
import { actionKey5, args5, callsBetween5, evidence5, normalised5, signature5, text5 } from '../test-support/blind-set-5-queries.js';

const episodes = blindLoopEpisodes5();
const ofKinds = (...kinds: string[]): BlindLoopEpisode5[] => {
  const found = episodes.filter((episode) => kinds.includes(episode.kind));
  expect(found).toHaveLength(kinds.length * 3);
  return found;
};
const outcome = (call: { result?: { content: unknown } }): string => normalised5(String(call.result?.content ?? ''));

describe('fifth blind set, loops as built', () => {
  it('call loops repeat one call (keys sorted) with the same outcome (ids, times and hashes aside)', () => {
    const kinds = [
      'loop:service-stale-payload-despite-corrections', 'loop:service-think-then-same-booking', 'loop:service-subagent-requote-fresh-trace', 'loop:service-claim-poll-timestamp-only', 'loop:service-cart-rebuild-coupon-rejected',
      'loop:coder-tester-reruns-unchanged-script', 'loop:coder-same-block-rewritten-ok', 'loop:coder-rust-check-test-alternation', 'loop:coder-docker-rebuild-same-failure',
    ];
    for (const episode of ofKinds(...kinds)) {
      const calls = evidence5(episode);
      expect(calls.every((call) => call.message.toolCalls !== undefined), episode.id).toBe(true);
      expect(new Set(calls.map((call) => signature5(call.message))).size, episode.id).toBe(1);
      expect(new Set(calls.map(outcome)).size, episode.id).toBe(1);
    }
  });

  it('the loops with changing ids differ raw in every repetition and not once normalised', () => {
    for (const episode of ofKinds('loop:service-subagent-requote-fresh-trace', 'loop:service-claim-poll-timestamp-only', 'loop:coder-docker-rebuild-same-failure')) {
      const raw = evidence5(episode).map((call) => text5(call.result));
      expect(new Set(raw).size, episode.id).toBe(raw.length);
    }
  });

  it('cycles repeat the same round: every full round is the same sequence of calls and outcomes', () => {
    for (const episode of ofKinds('loop:service-cart-rebuild-coupon-rejected', 'loop:coder-rust-check-test-alternation')) {
      const starts = evidence5(episode).map((call) => call.index);
      const period = starts[1]! - starts[0]!;
      const rounds = starts.map((start) => callsBetween5(episode, start, start + period));
      for (const round of rounds) expect(round, episode.id).toEqual(rounds[0]);
      expect(rounds[0]!.length, episode.id).toBe(episode.kind.includes('cart') ? 4 : 2);
    }
  });

  it('the booking retried after notes: only a private note (new words each time) lies between identical bookings', () => {
    for (const episode of ofKinds('loop:service-think-then-same-booking')) {
      const calls = evidence5(episode);
      const between = callsBetween5(episode, calls[0]!.index + 1, calls.at(-1)!.index).filter((key) => !key.startsWith('create_trip'));
      expect(between.every((key) => key.startsWith('note_to_self')), episode.id).toBe(true);
      expect(new Set(between).size, episode.id).toBe(between.length);
    }
  });

  it('the stale payload is resent after corrections that differ each time', () => {
    for (const episode of ofKinds('loop:service-stale-payload-despite-corrections')) {
      const calls = evidence5(episode);
      const corrections = calls.slice(0, -1).map((call) => episode.messages.slice(call.index + 2, calls[calls.indexOf(call) + 1]!.index).filter((message) => message.role === 'user').map(text5).join(' '));
      expect(corrections.every((text) => text.length > 0), episode.id).toBe(true);
      expect(new Set(corrections).size, episode.id).toBe(corrections.length);
    }
  });

  it('trivial-variant loops: a new raw call every time (moved line range, reworded step) with the same outcome', () => {
    for (const episode of ofKinds('loop:coder-lint-rejects-jittered-range', 'loop:coder-planner-executor-same-step')) {
      const calls = evidence5(episode);
      expect(new Set(calls.map((call) => signature5(call.message))).size, episode.id).toBeGreaterThanOrEqual(2);
      expect(new Set(calls.map(outcome)).size, episode.id).toBe(1);
    }
    for (const episode of ofKinds('loop:coder-lint-rejects-jittered-range')) {
      const bodies = evidence5(episode).map((call) => String(args5(call.message).command).split('\n').slice(1).join('\n'));
      expect(new Set(bodies).size, episode.id).toBe(1);
    }
    for (const episode of ofKinds('loop:coder-planner-executor-same-step')) {
      const steps = evidence5(episode).map((call) => String(args5(call.message).step));
      expect(new Set(steps).size, episode.id).toBe(steps.length);
    }
  });

  it('talk loops ask again in new words with no call between, and each answer adds nothing new (a "no" or a "yes")', () => {
    for (const episode of ofKinds('loop:service-reask-code-user-lacks', 'loop:service-german-address-reconfirm')) {
      const asks = evidence5(episode);
      expect(asks.every((ask) => ask.message.toolCalls === undefined), episode.id).toBe(true);
      expect(callsBetween5(episode, asks[0]!.index, asks.at(-1)!.index + 1), episode.id).toEqual([]);
      expect(new Set(asks.map((ask) => text5(ask.message))).size, episode.id).toBe(asks.length);
      const answers = asks.map((ask) => text5(episode.messages[ask.index + 1]));
      const pattern = episode.kind.includes('german') ? /^(Ja|Richtig)/ : /don't|can't|No/;
      expect(answers.every((answer) => pattern.test(answer)), episode.id).toBe(true);
    }
  });
});

describe('fifth blind set, non-loops as built', () => {
  const distinctLookAlikes = [
    'work:service-trip-scan-for-match', 'work:service-leg-duration-sweep', 'work:service-payment-swaps-new-errors', 'work:service-user-guesses-trip',
    'work:service-french-closing-new-answers', 'work:service-subagent-quote-per-date', 'work:service-itinerary-rounds-narrow',
    'work:coder-symbol-hunt-file-by-file', 'work:coder-repro-setup-new-tracebacks', 'work:coder-query-loosened-until-hit',
    'work:coder-rust-compile-errors-move', 'work:coder-planner-executor-advances', 'work:coder-docker-rebuild-after-pin', 'work:coder-same-command-per-package', 'work:coder-reviewer-rounds-new-nits',
  ];

  it('every look-alike has a new signature or a new outcome', () => {
    for (const episode of ofKinds(...distinctLookAlikes)) {
      const keys = evidence5(episode).map((call) => actionKey5(episode, call.index));
      expect(new Set(keys).size, episode.id).toBe(keys.length);
    }
  });

  it('same-signature look-alikes get a new outcome every time', () => {
    for (const episode of ofKinds('work:coder-symbol-hunt-file-by-file', 'work:coder-rust-compile-errors-move', 'work:coder-docker-rebuild-after-pin', 'work:coder-repro-setup-new-tracebacks')) {
      const calls = evidence5(episode);
      expect(new Set(calls.map((call) => signature5(call.message))).size, episode.id).toBe(1);
      expect(new Set(calls.map(outcome)).size, episode.id).toBe(calls.length);
    }
  });

  it('rebuilds and re-searches follow a change: an edit, a patch or a new open file lies before each repeat', () => {
    for (const episode of ofKinds('work:coder-symbol-hunt-file-by-file', 'work:coder-rust-compile-errors-move', 'work:coder-docker-rebuild-after-pin', 'work:coder-repro-setup-new-tracebacks')) {
      const calls = evidence5(episode);
      for (let index = 1; index < calls.length; index++) {
        const between = callsBetween5(episode, calls[index - 1]!.index + 1, calls[index]!.index);
        expect(between.some((key) => /^(open|edit|apply_patch|write_file)/.test(key)), `${episode.id} #${index}`).toBe(true);
      }
    }
  });

  it('the role relay runs the script once per role: each run after a different role hand-off, never 3 alike', () => {
    for (const episode of ofKinds('work:coder-role-relay-one-pass')) {
      const runs = evidence5(episode);
      const roles = runs.map((run) => text5(episode.messages.slice(0, run.index).filter((message) => message.name === 'environment').at(-1)));
      expect(new Set(roles).size, episode.id).toBe(runs.length);
      const keys = runs.map((run) => actionKey5(episode, run.index));
      expect(Math.max(...keys.map((key) => keys.filter((other) => other === key).length)), episode.id).toBeLessThanOrEqual(2);
    }
  });

  it('the same command per package differs only in its folder, each folder once as a look-alike', () => {
    for (const episode of ofKinds('work:coder-same-command-per-package')) {
      const args = evidence5(episode).map((call) => args5(call.message));
      expect(new Set(args.map((arg) => arg.cmd)).size, episode.id).toBe(1);
      expect(new Set(args.map((arg) => arg.cwd)).size, episode.id).toBe(args.length);
    }
  });

  it('the French replies all end with the same closing around a different answer', () => {
    for (const episode of ofKinds('work:service-french-closing-new-answers')) {
      const replies = evidence5(episode).map((reply) => text5(reply.message));
      expect(replies.every((reply) => reply.endsWith('Puis-je vous aider pour autre chose ?')), episode.id).toBe(true);
      expect(new Set(replies).size, episode.id).toBe(replies.length);
    }
  });

  it('borderline non-loops: the sweep repeats each search exactly twice; the disclosure is verbatim, each before a plan on a new item; two identical rejections then an applied edit', () => {
    for (const episode of ofKinds('work:service-sweep-rerun-for-new-ask')) {
      const keys = episode.messages.flatMap((message, index) => (message.toolCalls ? [actionKey5(episode, index)] : []));
      for (const call of evidence5(episode)) expect(keys.filter((key) => key === actionKey5(episode, call.index)), episode.id).toHaveLength(2);
    }
    for (const episode of ofKinds('work:service-mandated-disclosure-each-plan')) {
      const reads = evidence5(episode);
      expect(new Set(reads.map((read) => text5(read.message))).size, episode.id).toBe(1);
      const items = reads.map((read) => args5(episode.messages[read.index + 2]!).item);
      expect(new Set(items).size, episode.id).toBe(reads.length);
    }
    for (const episode of ofKinds('work:coder-indent-slip-then-fixed')) {
      const calls = evidence5(episode);
      const keys = calls.map((call) => actionKey5(episode, call.index));
      expect(Math.max(...keys.map((key) => keys.filter((other) => other === key).length)), episode.id).toBe(2);
      expect(calls.at(-1)!.result!.isError, episode.id).toBeUndefined();
    }
  });
});
