import { describe, expect, it } from 'vitest';
import { blindLoopEpisodes7, type BlindLoopEpisode7 } from '../blind-loop-episodes-7.js';
import { args7, callsBetween7, evidence7, normalised7, signature7, text7 } from '../test-support/blind-set-7-queries.js';

const episodes = blindLoopEpisodes7();
const ofKinds = (...kinds: string[]): BlindLoopEpisode7[] => {
  const found = episodes.filter((episode) => kinds.includes(episode.kind));
  expect(found).toHaveLength(kinds.length * 3);
  return found;
};
const outcome = (call: { result?: { content: unknown } }): string => normalised7(String(call.result?.content ?? ''));
const distinct = <T>(items: readonly T[]): number => new Set(items).size;

describe('seventh blind set, loops as built', () => {
  it('call loops repeat one call (keys sorted) with the same outcome — successful calls included', () => {
    const kinds = ['loop:service-write-echoes-old-cabin', 'loop:coder-goto-while-already-there', 'loop:coder-promised-import-absent-from-edit', 'loop:web-paywall-archive-alternation', 'loop:sql-refresh-view-count-zero'];
    for (const episode of ofKinds(...kinds)) {
      const calls = evidence7(episode);
      expect(distinct(calls.map((call) => signature7(call.message))), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(1);
    }
    for (const episode of ofKinds('loop:service-write-echoes-old-cabin', 'loop:sql-refresh-view-count-zero')) expect(evidence7(episode).every((call) => call.result!.isError === undefined), episode.id).toBe(true);
  });

  it('cosmetic-argument loops: a different argument every time, the identical outcome', () => {
    const field: Record<string, string> = { 'loop:web-query-cosmetic-variants': 'q', 'loop:web-dutch-date-respelled': 'date', 'loop:sql-same-query-reformatted': 'query' };
    for (const episode of ofKinds(...Object.keys(field))) {
      const calls = evidence7(episode);
      expect(distinct(calls.map((call) => String(args7(call.message)[field[episode.kind]!]))), episode.id).toBe(calls.length);
      expect(distinct(calls.map(outcome)), episode.id).toBe(1);
    }
  });

  it('the frozen deployment: one call, outputs that differ only in the AGE column', () => {
    for (const episode of ofKinds('loop:ops-deployment-ready-count-frozen')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map((call) => signature7(call.message))), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
      expect(distinct(calls.map((call) => outcome(call).replace(/\d+m$/, 'AGE'))), episode.id).toBe(1);
    }
  });

  it('rounds repeat the same two-step sequence of calls and outcomes', () => {
    for (const episode of ofKinds('loop:web-paywall-archive-alternation', 'loop:sql-refresh-view-count-zero')) {
      const starts = evidence7(episode).map((call) => call.index);
      const period = starts[1]! - starts[0]!;
      const rounds = starts.map((start) => callsBetween7(episode, start, start + period));
      for (const round of rounds) expect(round, episode.id).toEqual(rounds[0]);
      expect(rounds[0], episode.id).toHaveLength(2);
    }
  });

  it('restatement loops: replies with no call between, each worded anew, the other side speaking between them', () => {
    for (const episode of ofKinds('loop:sql-portuguese-conclusion-restated', 'loop:crew-dispatch-announced-never-sent')) {
      const replies = evidence7(episode);
      expect(replies.every((reply) => reply.message.toolCalls === undefined), episode.id).toBe(true);
      expect(distinct(replies.map((reply) => text7(reply.message))), episode.id).toBe(replies.length);
      expect(callsBetween7(episode, replies[0]!.index, replies.at(-1)!.index), episode.id).toEqual([]);
      for (const reply of replies) expect(episode.messages[reply.index + 1]?.role, episode.id).toBe('user');
    }
  });

  it('the promised import: every narration names the import, no submitted edit contains it', () => {
    for (const episode of ofKinds('loop:coder-promised-import-absent-from-edit')) {
      for (const call of evidence7(episode)) {
        expect(text7(call.message), episode.id).toMatch(/import/);
        expect(String(args7(call.message)['command']), episode.id).not.toMatch(/import/);
      }
    }
  });
});

describe('seventh blind set, non-loops as built', () => {
  it('same tool, a different target each time', () => {
    const field: Record<string, string> = {
      'work:service-downgrade-each-reservation': 'trip_code',
      'work:service-french-traveller-cancels-eligible': 'trip_code',
      'work:web-fetch-each-citation': 'url',
      'work:sql-count-per-table': 'query',
      'work:ops-drain-each-node': 'cmd',
      'work:crew-status-roundup-per-worker': 'worker',
      'work:web-results-next-page': 'page',
    };
    for (const episode of ofKinds(...Object.keys(field))) {
      const calls = evidence7(episode);
      expect(distinct(calls.map((call) => String(args7(call.message)[field[episode.kind]!]))), episode.id).toBe(calls.length);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
    }
  });

  it('the identical call, a new outcome each time: the export job, scrolling back up', () => {
    for (const episode of ofKinds('work:sql-export-job-progresses', 'work:coder-scroll-down-then-back-up')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map((call) => signature7(call.message))), episode.id).toBe(1);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
    }
    for (const episode of ofKinds('work:sql-export-job-progresses')) expect(outcome(evidence7(episode).at(-1)!), episode.id).toMatch(/succeeded/);
  });

  it('the recomputed balance: a new expression and a new result each time, a change between every two', () => {
    for (const episode of ofKinds('work:service-balance-recomputed-after-each-change')) {
      const calls = evidence7(episode);
      expect(distinct(calls.map(outcome)), episode.id).toBe(calls.length);
      for (let index = 1; index < calls.length; index++) {
        const between = episode.messages.slice(calls[index - 1]!.index + 2, calls[index]!.index);
        expect(between.some((message) => message.role === 'user' || message.isError === true), episode.id).toBe(true);
      }
    }
  });

  it('verbatim narration: the same words over every edit, a different edit each time, the last run passes', () => {
    for (const episode of ofKinds('work:coder-verbatim-narration-new-edits')) {
      const calls = evidence7(episode);
      // run5 writes the discussion, then the fenced command: compare the discussion.
      expect(distinct(calls.map((call) => text7(call.message).split('\n\n')[0])), episode.id).toBe(1);
      expect(distinct(calls.map((call) => signature7(call.message))), episode.id).toBe(calls.length);
      const runs = episode.messages.filter((message) => message.toolCalls?.[0]?.name === 'python');
      expect(episode.messages[episode.messages.indexOf(runs.at(-1)!) + 1]!.isError, episode.id).toBeUndefined();
    }
  });

  it('the script reopened and the tester\'s reruns: an edit between every two look-alikes after the first two', () => {
    for (const episode of ofKinds('work:coder-script-reopened-between-module-edits', 'work:coder-tester-edits-script-until-pass')) {
      const calls = evidence7(episode);
      const from = episode.kind.includes('tester') ? 0 : 1;
      for (let index = from + 1; index < calls.length; index++) expect(callsBetween7(episode, calls[index - 1]!.index + 1, calls[index]!.index).some((key) => key.startsWith('edit')), episode.id).toBe(true);
    }
  });

  it('requested and required repetitions: each Korean repeat follows a request; each checklist read precedes a dispatch to a new worker', () => {
    for (const episode of ofKinds('work:web-korean-directions-repeated-on-request')) {
      const replies = evidence7(episode);
      expect(distinct(replies.map((reply) => text7(reply.message))), episode.id).toBe(1);
      for (const reply of replies.slice(1)) expect(text7(episode.messages[reply.index - 1]), episode.id).toMatch(/다시|한 번/);
    }
    for (const episode of ofKinds('work:crew-handoff-checklist-read-each-time')) {
      const workers = evidence7(episode).map((call) => args7(episode.messages[call.index + 2]!)['worker']);
      expect(distinct(workers), episode.id).toBe(workers.length);
    }
  });

  it('the probe: the waits grow between refusals and the last probe answers 200', () => {
    for (const episode of ofKinds('work:ops-probe-backoff-then-healthy')) {
      const calls = evidence7(episode);
      const waits = episode.messages.filter((message) => message.toolCalls?.[0]?.name === 'wait').map((message) => Number(args7(message)['seconds']));
      expect(waits, episode.id).toEqual([...waits].sort((a, b) => a - b));
      expect(distinct(waits), episode.id).toBe(calls.length - 1);
      expect(outcome(calls.at(-1)!), episode.id).toMatch(/"status":200/);
    }
  });
});
