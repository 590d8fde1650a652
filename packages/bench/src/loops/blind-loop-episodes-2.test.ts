import type { CairnMessage } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { BLIND_EPISODES_PER_KIND_2, BLIND_LOOP_KINDS_2, blindLoopEpisode2, blindLoopEpisodes2, type BlindLoopEpisode2 } from './blind-loop-episodes-2.js';

const episodes = blindLoopEpisodes2();
const loops = episodes.filter((episode) => episode.loop);
const ofKinds = (...kinds: string[]): BlindLoopEpisode2[] => episodes.filter((episode) => kinds.includes(episode.kind));

/** The message with `id`, and (for a tool call) the result right after it. */
function find(episode: BlindLoopEpisode2, id: string): { message: CairnMessage; result?: CairnMessage } {
  const index = episode.messages.findIndex((message) => message.id === id);
  expect(index, `${episode.id}: ${id} exists`).toBeGreaterThanOrEqual(0);
  const message = episode.messages[index]!;
  return { message, ...(message.toolCalls ? { result: episode.messages[index + 1] } : {}) };
}

const text = (message: CairnMessage | undefined): string => String(message?.content ?? '');
const withoutTiming = (output: string): string => output.replace(/in \d+\.\d+s/g, 'in Ns');
/** Arguments with keys sorted and strings trimmed and lower-cased (what "differ only trivially" ignores). */
function canonical(args: unknown): string {
  const record = args as Readonly<Record<string, unknown>>;
  return JSON.stringify(Object.keys(record).sort().map((key) => [key, typeof record[key] === 'string' ? (record[key] as string).trim().toLowerCase() : record[key]]));
}

describe('blindLoopEpisodes2', () => {
  it('is deterministic: the same set every call, and each episode the same by index', () => {
    expect(blindLoopEpisodes2()).toEqual(episodes);
    expect(blindLoopEpisode2(17)).toEqual(episodes[17]);
    expect(blindLoopEpisode2(500)).toEqual(blindLoopEpisode2(500));
    expect(blindLoopEpisode2(500).kind).toBe(BLIND_LOOP_KINDS_2[500 % BLIND_LOOP_KINDS_2.length]);
  });

  it('has 90 episodes, each kind 3 times, 39 loops (43%), customer service and CodeR about half each', () => {
    expect(episodes).toHaveLength(90);
    expect(new Set(BLIND_LOOP_KINDS_2).size).toBe(BLIND_LOOP_KINDS_2.length);
    for (const kind of BLIND_LOOP_KINDS_2) expect(episodes.filter((episode) => episode.kind === kind)).toHaveLength(BLIND_EPISODES_PER_KIND_2);
    expect(loops).toHaveLength(39);
    expect(loops.length / episodes.length).toBeGreaterThan(0.4);
    expect(loops.length / episodes.length).toBeLessThan(0.5);
    const service = episodes.filter((episode) => episode.kind.includes(':service-')).length;
    expect(service).toBe(48);
    expect(episodes.length - service).toBe(42);
  });

  it('labels by kind: loops repeat 3 … 8 times, borderline exactly when 3, non-loops plant no repeat', () => {
    for (const episode of episodes) {
      expect(episode.loop).toBe(episode.kind.startsWith('loop:'));
      expect(episode.note.length).toBeGreaterThan(30);
      if (episode.loop) {
        expect(episode.repeats).toBeGreaterThanOrEqual(3);
        expect(episode.repeats).toBeLessThanOrEqual(8);
        expect(episode.evidenceIds).toHaveLength(episode.repeats);
        expect(episode.borderline).toBe(episode.repeats === 3);
      } else {
        expect(episode.repeats).toBe(0);
        expect(episode.borderline).toBe(false);
        expect(episode.evidenceIds.length).toBeGreaterThanOrEqual(2);
      }
    }
    expect(loops.filter((episode) => episode.borderline)).toHaveLength(13);
  });

  it('every loop kind has one loop of 3, one of 4 and one of 5 or more', () => {
    for (const kind of BLIND_LOOP_KINDS_2.filter((candidate) => candidate.startsWith('loop:'))) {
      const lengths = episodes.filter((episode) => episode.kind === kind).map((episode) => episode.repeats);
      expect(lengths.slice(0, 2)).toEqual([3, 4]);
      expect(lengths[2]).toBeGreaterThanOrEqual(5);
    }
    expect(loops.some((episode) => episode.repeats >= 7)).toBe(true);
  });

  it('every message is well formed; ids are unique within an episode and across the set', () => {
    const all = new Set<string>();
    for (const episode of episodes) {
      expect(episode.messages[0]!.role).toBe('system');
      episode.messages.forEach((message, index) => {
        expect(all.has(message.id), message.id).toBe(false);
        all.add(message.id);
        expect(typeof message.content).toBe('string');
        expect(['system', 'user', 'assistant', 'tool']).toContain(message.role);
        if (message.role === 'user' || message.role === 'system') expect(text(message).length).toBeGreaterThan(0);
        if (message.role === 'assistant' && !message.toolCalls) expect(text(message).length).toBeGreaterThan(0);
        if (message.toolCalls) {
          expect(message.toolCalls).toHaveLength(1);
          const next = episode.messages[index + 1];
          expect(next?.role).toBe('tool');
          expect(next?.toolCallId).toBe(message.toolCalls[0]!.id);
          expect(next?.name).toBe(message.toolCalls[0]!.name);
        }
        if (message.role === 'tool') expect(episode.messages[index - 1]!.toolCalls?.[0]?.id).toBe(message.toolCallId);
      });
    }
  });

  it('every loop repeats within the rule window: any 3 consecutive repetitions lie within 8 agent actions', () => {
    for (const episode of loops) {
      const actions = episode.messages.filter((message) => message.role === 'assistant').map((message) => message.id);
      const positions = episode.evidenceIds.map((id) => actions.indexOf(id));
      expect(positions.every((position) => position >= 0)).toBe(true);
      for (let index = 0; index + 2 < positions.length; index++) {
        expect(positions[index + 1]!).toBeGreaterThan(positions[index]!);
        expect(positions[index + 2]! - positions[index]!).toBeLessThan(8);
      }
    }
  });

  it('restatement loops say the same thing in different words every time (never an exact repeat)', () => {
    const restated = ofKinds('loop:service-restated-decline', 'loop:service-reasked-detail', 'loop:service-reoffered-choices', 'loop:service-rule-reexplained').concat(
      ofKinds('loop:service-loop-after-progress').filter((episode) => !episode.messages.some((message) => message.toolCalls?.[0]?.name === 'update_reservation_baggages')),
    );
    expect(restated.length).toBeGreaterThanOrEqual(13);
    for (const episode of restated) {
      const replies = episode.evidenceIds.map((id) => find(episode, id).message);
      expect(replies.every((reply) => reply.role === 'assistant' && !reply.toolCalls)).toBe(true);
      expect(new Set(replies.map(text)).size).toBe(replies.length);
      const from = episode.messages.findIndex((message) => message.id === episode.evidenceIds[0]);
      const to = episode.messages.findIndex((message) => message.id === episode.evidenceIds.at(-1));
      expect(episode.messages.slice(from, to).filter((message) => message.role === 'tool'), `${episode.id}: nothing looked up between`).toHaveLength(0);
    }
  });

  it('call loops repeat one tool with equivalent arguments and the same output (timing aside)', () => {
    const callLoops = loops.filter((episode) => !episode.kind.includes('ab-cycle') && find(episode, episode.evidenceIds[0]!).message.toolCalls);
    expect(callLoops.length).toBeGreaterThanOrEqual(20);
    for (const episode of callLoops) {
      const calls = episode.evidenceIds.map((id) => find(episode, id));
      const names = new Set(calls.map((call) => call.message.toolCalls![0]!.name));
      if (episode.kind === 'loop:coder-test-rerun-cosmetic') expect([...names].every((name) => ['pytest', 'python', 'cd'].includes(name))).toBe(true);
      else if (episode.kind === 'loop:coder-reread-region') expect([...names].every((name) => ['open', 'goto'].includes(name))).toBe(true);
      else expect(names.size, episode.id).toBe(1);
      if (episode.kind === 'loop:coder-reread-region') {
        // The first view's window again, shifted by at most two lines: the same file, 8 of its 10 lines shown again.
        const firsts = calls.map((call) => Number(/\n(\d+):/.exec(text(call.result))![1]));
        expect(Math.max(...firsts.map((first) => Math.abs(first - firsts[0]!))), episode.id).toBeLessThanOrEqual(2);
        expect(new Set(calls.map((call) => text(call.result).split('\n')[0])).size).toBe(1);
      } else {
        expect(new Set(calls.map((call) => withoutTiming(text(call.result)))).size, episode.id).toBe(1);
      }
      if (episode.kind === 'loop:service-lookup-trivial-args' || episode.kind === 'loop:service-loop-after-progress') {
        expect(new Set(calls.map((call) => canonical(call.message.toolCalls![0]!.arguments))).size, episode.id).toBe(1);
      }
    }
  });

  it('A-B cycles repeat the same two calls with the same outputs every round', () => {
    for (const episode of ofKinds('loop:service-ab-cycle', 'loop:coder-ab-cycle')) {
      const rounds = episode.evidenceIds.map((id) => {
        const index = episode.messages.findIndex((message) => message.id === id);
        const [first, firstResult, second, secondResult] = episode.messages.slice(index, index + 4);
        return JSON.stringify([first!.toolCalls![0]!.arguments, text(firstResult), second!.toolCalls![0]!.arguments, text(secondResult)]);
      });
      expect(new Set(rounds).size, episode.id).toBe(1);
    }
  });

  it('non-loops whose look-alikes are calls get something new each time (or fail at most twice alike)', () => {
    const changing = ofKinds('work:service-poll-changing', 'work:service-same-call-after-change', 'work:service-iterate-records', 'work:service-search-other-dates', 'work:coder-poll-log', 'work:coder-tests-after-real-edits', 'work:coder-iterate-files', 'work:coder-same-view-after-edit', 'work:coder-same-fix-many-sites');
    expect(changing).toHaveLength(27);
    for (const episode of changing) {
      const outputs = episode.evidenceIds.map((id) => withoutTiming(text(find(episode, id).result)));
      expect(outputs.length).toBeGreaterThanOrEqual(3);
      expect(new Set(outputs).size, episode.id).toBe(outputs.length);
    }
    for (const episode of ofKinds('work:service-retry-succeeds', 'work:coder-flaky-retry-succeeds')) {
      const calls = episode.evidenceIds.map((id) => find(episode, id));
      expect(new Set(calls.map((call) => JSON.stringify(call.message.toolCalls![0]!.arguments))).size).toBe(1);
      expect(text(calls[0]!.result)).toBe(text(calls[1]!.result));
      expect(text(calls[2]!.result)).not.toBe(text(calls[1]!.result));
      expect(calls[2]!.result!.isError).toBeUndefined();
    }
  });

  it('no non-loop holds the exact form of the rule: no agent action with the same outcome 3 times', () => {
    for (const episode of episodes.filter((candidate) => !candidate.loop)) {
      const seen = new Map<string, number>();
      episode.messages.forEach((message, index) => {
        if (message.role !== 'assistant') return;
        const call = message.toolCalls?.[0];
        const key = call ? JSON.stringify([call.name, call.arguments, text(episode.messages[index + 1])]) : text(message);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      });
      expect(Math.max(...seen.values()), episode.id).toBeLessThan(3);
    }
  });

  it('a re-asking agent that narrows down asks something new after each new fact', () => {
    for (const episode of ofKinds('work:service-asks-narrow-down')) {
      const asks = episode.evidenceIds.map((id) => text(find(episode, id).message));
      expect(asks).toHaveLength(3);
      expect(new Set(asks).size).toBe(3);
      const answers = episode.evidenceIds.map((id) => text(episode.messages[episode.messages.findIndex((message) => message.id === id) + 1]));
      expect(answers.every((answer) => /\d{5}|[A-Z][a-z]+ [A-Z][a-z]+/.test(answer))).toBe(true);
    }
  });

  it('a test run around git stash / stash pop passes, fails, passes: never the same outcome 3 times', () => {
    for (const episode of ofKinds('work:coder-stash-compare')) {
      const results = episode.evidenceIds.map((id) => find(episode, id).result!);
      expect(results.map((result) => result.isError === true)).toEqual([false, true, false]);
      const commands = episode.messages.flatMap((message) => message.toolCalls ?? []).map((call) => (call.arguments as { command: string }).command);
      expect(commands).toContain('git stash');
      expect(commands).toContain('git stash pop');
    }
  });

  it('summaries at milestones happen only twice, and the later one adds what was done since', () => {
    for (const episode of ofKinds('work:service-milestone-summaries', 'work:coder-milestone-summaries')) {
      expect(episode.evidenceIds).toHaveLength(2);
      const [first, second] = episode.evidenceIds.map((id) => text(find(episode, id).message));
      expect(second!.slice(0, 20)).toBe(first!.slice(0, 20));
      const earlier = new Set(first!.split(/\W+/));
      expect(second!.split(/\W+/).filter((word) => word.length > 3 && !earlier.has(word)).length, episode.id).toBeGreaterThanOrEqual(3);
    }
  });
});
