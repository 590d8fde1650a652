import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { composeBrief, countFloor } from './dead-end-brief.js';
import { DeadEndTracker } from './dead-end-tracker.js';
import { createLexicalVectoriser } from '../text/index.js';
import type { CairnMessage } from '../log/index.js';

const newTracker = (): DeadEndTracker => new DeadEndTracker({ sessionId: 's1', now: () => 1000, vectorise: createLexicalVectoriser().vector });
let calls = 0;
function fails(name: string, args: unknown, result: string): CairnMessage[] {
  const id = `c${++calls}`;
  return [
    { id: `a-${id}`, role: 'assistant', content: '', toolCalls: [{ id, name, arguments: args }] },
    { id: `t-${id}`, role: 'tool', toolCallId: id, content: result, isError: true },
  ];
}
const count = (text: string): number => Math.ceil(text.length / 4);

describe("coarse counts in the dead-end brief (prefix.briefLines 'settled')", () => {
  test('a count past two is shown as the largest of 3, 5, 10, 20, 50, 100… not above it', () => {
    expect([3, 4, 5, 9, 10, 19, 20, 49, 50, 99, 100, 199, 200, 499, 500, 1000].map(countFloor)).toEqual([3, 3, 5, 5, 10, 10, 20, 20, 50, 50, 100, 100, 200, 200, 500, 1000]);
  });

  propertyTest.prop([fc.integer({ min: 3, max: 100_000 })])('the floor is at most the count and more than half of it less one step', (value) => {
    const floor = countFloor(value);
    expect(floor).toBeLessThanOrEqual(value);
    expect(floor).toBeGreaterThanOrEqual(3);
    // The next step up is above the count: 2 or 2.5 times the floor (3 → 5 is below 2×).
    expect(value).toBeLessThan(floor * 2.5);
  });

  test('lines change with the count only at the floors; once and twice stay exact; the exact form is unchanged', () => {
    const tracker = newTracker();
    const seen: string[] = [];
    for (let time = 1; time <= 12; time++) {
      for (const message of fails('run', { command: 'npm test' }, 'Error: connect ECONNREFUSED')) tracker.observe(message);
      seen.push(composeBrief(tracker.list(), 400, count, undefined, 'coarse').text.split('\n')[1]!);
    }
    const times = seen.map((line) => /— (failed [^(]*) \(/.exec(line)?.[1]);
    expect(times).toEqual(['failed once', 'failed 2×', ...Array(2).fill('failed 3+×'), ...Array(5).fill('failed 5+×'), ...Array(3).fill('failed 10+×')]);
    expect(composeBrief(tracker.list(), 400, count).text).toContain('failed 12×');
    expect(composeBrief(tracker.list(), 400, count, undefined, 'exact').text).toBe(composeBrief(tracker.list(), 400, count).text);
  });

  test("a shared line's calls and failures are floors too", () => {
    const tracker = newTracker();
    for (let index = 0; index < 6; index++) for (const message of fails('edit', { file: 'a.py', line: index }, 'Your proposed edit has introduced new syntax error(s).')) tracker.observe(message);
    // Short lines only (a tight budget): the six calls share one line.
    const { text } = composeBrief(tracker.list(), 60, count, undefined, 'coarse');
    expect(text).toContain('edit(…) — 5+ different calls, failed 5+× in all: Your proposed edit');
    expect(composeBrief(tracker.list(), 60, count).text).toContain('edit(…) — 6 different calls, failed 6× in all');
  });
});
