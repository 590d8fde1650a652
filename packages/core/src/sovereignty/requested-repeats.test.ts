import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectStallLoop } from './detect-stall-loop.js';
import { MAX_REQUESTED_REPEATS, requestedRepeats } from './requested-repeats.js';

const options = { window: 8, repeats: 3, ...DEFAULT_STALL_SETTINGS };
let next = 0;

/** An assistant message with one tool call and its result, after what the user said (if anything). */
function call(name: string, args: Record<string, unknown>, result: string, { isError = false, user }: { isError?: boolean; user?: string } = {}): AssistantTurnHashes {
  const id = `q${next++}`;
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `${id}u`, role: 'user', content: user }];
  const message: CairnMessage = { id, role: 'assistant', content: '', toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result, isError }], { terms: true, prompt });
}

/** `count` runs of one timing script, only the timing moving (masked: the same outcome), the first after `user`. */
function timedRuns(count: number, user: string): AssistantTurnHashes[] {
  return Array.from({ length: count }, (_, index) => call('shell', { command: 'make perf-check' }, `> perf-check\nsolve 2k puzzles: ${(3.1 + index / 10).toFixed(2)}s\nok`, index === 0 ? { user } : {}));
}

describe('requestedRepeats', () => {
  it('reads a count before a word for times or runs, in several languages', () => {
    expect(requestedRepeats('Run `make perf-check` 5 times and give me the median.')).toBe(5);
    expect(requestedRepeats('Please do four runs of the load test.')).toBe(4);
    expect(requestedRepeats('Repite la prueba tres veces.')).toBe(3);
    expect(requestedRepeats('Lance le script 3 fois.')).toBe(3);
    expect(requestedRepeats('Führe den Test dreimal aus.')).toBe(3);
    expect(requestedRepeats('Esegui il test 6 volte.')).toBe(6);
    expect(requestedRepeats('ベンチマークを3回実行してください。')).toBe(3);
    expect(requestedRepeats('把测试运行五次。')).toBe(5);
  });

  it('reads no count where none is asked for', () => {
    expect(requestedRepeats('Run the tests and tell me what fails.')).toBeUndefined();
    expect(requestedRepeats('Sometimes the build fails; at times it passes.')).toBeUndefined();
    expect(requestedRepeats('Several times it hung.')).toBeUndefined();
    expect(requestedRepeats('Order 3 items, then check the status.')).toBeUndefined();
    expect(requestedRepeats('Run it once.')).toBeUndefined();
  });

  it('takes the largest count, and caps it', () => {
    expect(requestedRepeats('Run the unit tests 2 times and the benchmark 7 times.')).toBe(7);
    expect(requestedRepeats('Ping it 900 times.')).toBe(MAX_REQUESTED_REPEATS);
  });
});

describe('repeats the user asked for, in detectStallLoop', () => {
  it('does not count the identical call made no more often than the user asked, and counts it past that', () => {
    expect(detectStallLoop(timedRuns(3, 'Run `make perf-check` 3 times and report the median.'), options)).toBeUndefined();
    expect(detectStallLoop(timedRuns(5, 'Run `make perf-check` 5 times and report the median.'), options)).toBeUndefined();
    expect(detectStallLoop(timedRuns(5, 'Run `make perf-check` 3 times and report the median.'), options)).toMatchObject({ kind: 'call', count: 5 });
  });

  it('counts the same runs when the user asked for none (the look-alike loop)', () => {
    expect(detectStallLoop(timedRuns(3, 'Check the performance of the solver.'), options)).toMatchObject({ kind: 'call', count: 3, toolName: 'shell' });
  });

  it('a later user turn asking for nothing ends the allowance', () => {
    const turns = [...timedRuns(2, 'Run `make perf-check` 4 times.'), ...timedRuns(3, 'Why is it slow? Find the cause.')];
    expect(detectStallLoop(turns, options)).toMatchObject({ kind: 'call', count: 5 });
  });

  it('leaves a failing call retried as a loop when the user asked for a count of something else it exceeds', () => {
    const failing = (user?: string): AssistantTurnHashes => call('deploy', { target: 'staging' }, 'Error: quota exceeded for project atlas', { isError: true, ...(user === undefined ? {} : { user }) });
    expect(detectStallLoop([failing('Deploy, then run the smoke test 2 times.'), failing(), failing()], options)).toMatchObject({ kind: 'call', count: 3, toolName: 'deploy' });
  });

  test.prop([fc.integer({ min: 1, max: 7 }), fc.integer({ min: 2, max: 12 })])('never raises on fewer than `repeats` runs, nor on the runs asked for; raises once they exceed the request', (runs, asked) => {
    const turns = timedRuns(runs, `Run \`make perf-check\` ${asked} times.`);
    const found = detectStallLoop(turns, options);
    if (runs < options.repeats || runs <= asked) expect(found).toBeUndefined();
    else expect(found).toMatchObject({ kind: 'call', count: runs });
    // Same input, same output.
    expect(detectStallLoop(turns, options)).toEqual(found);
  });

  test.prop([fc.string({ maxLength: 80 })])('reads a count of at least 2 and at most the cap, or none; the same text, the same count', (text) => {
    const count = requestedRepeats(text);
    if (count !== undefined) {
      expect(count).toBeGreaterThanOrEqual(2);
      expect(count).toBeLessThanOrEqual(MAX_REQUESTED_REPEATS);
    }
    expect(requestedRepeats(text)).toBe(count);
  });
});
