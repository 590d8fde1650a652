import { describe, expect, test } from 'vitest';
import { DeadEndTracker } from './dead-end-tracker.js';
import { briefText } from './dead-end-brief.js';
import { detectFailure } from './detect-failure.js';
import { classifyFailure } from './failure-class.js';
import { isPermanentFailure } from './permanent-failure.js';
import type { DeadEndTrackerOptions } from './dead-end-types.js';
import { createLexicalVectoriser } from '../text/index.js';
import type { CairnMessage } from '../log/index.js';

const newTracker = (options: Partial<DeadEndTrackerOptions> = {}): DeadEndTracker =>
  new DeadEndTracker({ sessionId: 's1', now: () => 1000, vectorise: createLexicalVectoriser().vector, ...options });
let counter = 0;
function turn(name: string, args: unknown, result: string, isError = true, metadata?: Record<string, unknown>): CairnMessage[] {
  const id = `c${++counter}`;
  return [
    { id: `a-${id}`, role: 'assistant', content: '', toolCalls: [{ id, name, arguments: args }] },
    { id: `t-${id}`, role: 'tool', toolCallId: id, content: result, ...(isError ? { isError } : {}), ...(metadata ? { metadata } : {}) },
  ];
}
const feed = (tracker: DeadEndTracker, messages: readonly CairnMessage[]): void => messages.forEach((message) => tracker.observe(message));
const classOf = (output: string, extra: Partial<CairnMessage> = { isError: true }): string | undefined => {
  const message = { id: 't', role: 'tool', toolCallId: 'c', content: output, ...extra } as CairnMessage;
  const signal = detectFailure(message);
  return signal && classifyFailure(signal, output);
};
const deploy = { command: './deploy.sh staging' };
const UNKNOWN = 'deploy step 4 returned 17';

describe('three failure classes', () => {
  test('permanent signatures are recognised, whatever tool printed them', () => {
    for (const output of [
      "cat: notes.md: No such file or directory",
      'bash: pyhton: command not found',
      'rm: cannot remove /etc/hosts: Permission denied',
      "error: unknown option `--forse'",
      'SyntaxError: invalid syntax',
      "src/a.ts(3,1): error TS2304: Cannot find name 'foo'.",
      'HTTP/1.1 404 Not Found',
      '422 Unprocessable Entity',
      'Error: reservation ABC123 not found',
      'FAILED tests/test_x.py::test_y - assert 1 == 2',
      'Traceback (most recent call last):\n  File "run.py", line 3, in <module>\n    main()\nmyapp.errors.Declined: card declined',
      'Error: not enough seats on flight HAT001',
      'Error: connect ECONNREFUSED 127.0.0.1:5432',
      'Usage: find_file <file_name> [<dir>]',
      'Error: no environment given (expected --env)\nexit code 1',
      'The remote server returned an error: (403) Forbidden.',
    ]) {
      expect(classOf(output), output).toBe('permanent');
    }
  });

  test('a failure that is neither transient nor recognisably permanent is unknown', () => {
    expect(classOf(UNKNOWN)).toBe('unknown');
    expect(classOf('all quiet', { metadata: { exit_code: 3 } })).toBe('unknown');
    expect(classOf('Error: exit code 1')).toBe('unknown');
    expect(isPermanentFailure('Error: exit code 1')).toBe(false);
  });

  test('transient is read first: 408, 425 and 429 are never permanent; quoted lines never count', () => {
    expect(classOf('HTTP 429 Too Many Requests')).toBe('transient');
    expect(classOf('503 Service Unavailable\nPermission denied while retrying')).toBe('transient');
    expect(isPermanentFailure('HTTP/1.1 408 Request Timeout')).toBe(false);
    expect(isPermanentFailure('status code: 425')).toBe(false);
    expect(isPermanentFailure('HTTP 429')).toBe(false);
    expect(isPermanentFailure('12:    raise FileNotFoundError(path)')).toBe(false);
  });

  test('exit status beats output text: exit 0 is no failure, a non-zero exit is permanent only with a signature', () => {
    expect(classOf('FAILED 2 checks\nexit code 0', {})).toBeUndefined();
    expect(classOf("make: *** No rule to make target 'biuld'.  Stop.", { metadata: { exitCode: 2 } })).toBe('permanent');
    expect(classOf('done', { metadata: { exitCode: 2 } })).toBe('unknown');
  });

  test('an unknown failure is warned on its first and second repeat, blocked after three identical failures (default)', () => {
    const tracker = newTracker();
    feed(tracker, turn('bash', deploy, UNKNOWN));
    const first = tracker.check({ name: 'bash', arguments: deploy });
    expect(first.verdict).toBe('warn');
    expect(first.failureClass).toBe('unknown');
    expect(first.deadEnd?.failureClass).toBe('unknown');
    expect(first.reason).toContain(UNKNOWN);
    expect(first.reason).toContain('Failure class: unknown');
    feed(tracker, turn('bash', deploy, UNKNOWN));
    expect(tracker.check({ name: 'bash', arguments: deploy }).verdict).toBe('warn');
    feed(tracker, turn('bash', deploy, UNKNOWN));
    const third = tracker.check({ name: 'bash', arguments: deploy });
    expect(third.verdict).toBe('block');
    expect(third.reason).toContain('blocked after failing identically 3 times in a row');
  });

  test('unknownFailureBlockAfter sets N; a new reason or a state change restarts the count', () => {
    const two = newTracker({ unknownFailureBlockAfter: 2 });
    feed(two, [...turn('bash', deploy, UNKNOWN), ...turn('bash', deploy, UNKNOWN)]);
    expect(two.check({ name: 'bash', arguments: deploy }).verdict).toBe('block');

    const tracker = newTracker();
    feed(tracker, [...turn('bash', deploy, UNKNOWN), ...turn('bash', deploy, UNKNOWN), ...turn('bash', deploy, 'deploy step 5 returned 3')]);
    expect(tracker.check({ name: 'bash', arguments: deploy }).verdict).toBe('warn');
    expect(tracker.list()[0]?.identicalFailures).toBe(1);
    // A change touching what the failure depends on (an edit of the script it ran) restarts it too.
    feed(tracker, [...turn('bash', deploy, 'deploy step 5 returned 3'), ...turn('edit_file', { path: 'deploy.sh', content: 'x' }, 'ok', false)]);
    expect(tracker.check({ name: 'bash', arguments: deploy }).verdict).toBe('warn');
    feed(tracker, turn('bash', deploy, 'deploy step 5 returned 3'));
    expect(tracker.list()[0]?.identicalFailures).toBe(1);
    expect(tracker.check({ name: 'bash', arguments: deploy }).verdict).toBe('warn');
  });

  test('a permanent failure is blocked from its second failure, as before, and says it is permanent', () => {
    const tracker = newTracker();
    const read = { path: 'notes.md' };
    feed(tracker, turn('cat', read, 'cat: notes.md: No such file or directory'));
    expect(tracker.check({ name: 'cat', arguments: read })).toMatchObject({ verdict: 'warn', failureClass: 'permanent' });
    feed(tracker, turn('cat', read, 'cat: notes.md: No such file or directory'));
    const verdict = tracker.check({ name: 'cat', arguments: read });
    expect(verdict.verdict).toBe('block');
    expect(verdict.reason).toContain('Failure class: permanent');
    expect(briefText(tracker.list(), 200, (text) => Math.ceil(text.length / 4))).toContain('(dead end, permanent)');
  });

  test('the brief and the verdicts say transient, permanent or unknown', () => {
    const tracker = newTracker();
    feed(tracker, [...turn('bash', deploy, UNKNOWN), ...turn('curl', { url: 'https://x.test' }, '503 Service Unavailable')]);
    const brief = briefText(tracker.list(), 400, (text) => Math.ceil(text.length / 4));
    expect(brief).toContain('(suspect, unknown class)');
    expect(brief).toContain('(transient, a retry may work)');
    expect(tracker.check({ name: 'curl', arguments: { url: 'https://x.test' } })).toMatchObject({ verdict: 'allow', failureClass: 'transient' });
  });

  test("'two-way' reads unknown failures as permanent and records no class (the guard before)", () => {
    const tracker = newTracker({ failureClasses: 'two-way' });
    feed(tracker, [...turn('bash', deploy, UNKNOWN), ...turn('bash', deploy, UNKNOWN)]);
    const verdict = tracker.check({ name: 'bash', arguments: deploy });
    expect(verdict.verdict).toBe('block');
    expect(verdict.failureClass).toBeUndefined();
    expect(verdict.reason).not.toContain('Failure class');
  });

  test("an adapter's guard notes in a result are not the tool's output; a blocked call's result is one more of the same failure", () => {
    const note = 'Error: Error(Error): cairn warning: this call resembles a known dead end. Dead end de-1: the same call failed once (x).';
    expect(detectFailure({ id: 't', role: 'tool', toolCallId: 'c', content: `${note}\n${UNKNOWN}`, isError: true })?.reason).toBe(UNKNOWN);
    expect(detectFailure({ id: 't', role: 'tool', toolCallId: 'c', content: `${UNKNOWN}\n\n[cairn guard] Warning: this call repeats a known dead end. failed 2 times`, isError: true })?.reason).toBe(UNKNOWN);
    const tracker = newTracker();
    // A framework's `Error:` wrapper on the first failure only does not make the next one "new".
    feed(tracker, [...turn('bash', deploy, `Error: Error(Error): ${UNKNOWN}`), ...turn('bash', deploy, `${note}\n${UNKNOWN}`)]);
    expect(tracker.list()[0]?.identicalFailures).toBe(2);
    feed(tracker, turn('bash', deploy, 'Error: cairn blocked this call: it repeats a known dead end. Dead end de-1: …'));
    expect(tracker.list()[0]).toMatchObject({ reason: UNKNOWN, identicalFailures: 3, status: 'dead' });
  });

  test('bad options are typed errors', () => {
    for (const bad of [1, 0, 2.5, Number.NaN]) expect(() => newTracker({ unknownFailureBlockAfter: bad })).toThrow(/unknownFailureBlockAfter/);
    expect(() => newTracker({ failureClasses: 'three-way' as never })).toThrow(/failureClasses/);
  });

  test('the class survives a snapshot; a snapshot from before it restores, its dead ends behaving as permanent', () => {
    const tracker = newTracker();
    feed(tracker, [...turn('bash', deploy, UNKNOWN), ...turn('bash', deploy, UNKNOWN)]);
    const restored = DeadEndTracker.fromJSON(JSON.parse(JSON.stringify(tracker.toJSON())), { sessionId: 's1', now: () => 1000, vectorise: createLexicalVectoriser().vector });
    expect(restored.list()).toEqual(tracker.list());
    expect(restored.check({ name: 'bash', arguments: deploy })).toEqual(tracker.check({ name: 'bash', arguments: deploy }));
    // Before the unknown class: no failureClass, no identicalFailures; two failures made it `dead`.
    const old = tracker.toJSON();
    for (const deadEnd of old.deadEnds) {
      delete deadEnd.failureClass;
      delete deadEnd.identicalFailures;
      deadEnd.status = 'dead';
    }
    const fromOld = DeadEndTracker.fromJSON(JSON.parse(JSON.stringify(old)), { sessionId: 's1', now: () => 1000, vectorise: createLexicalVectoriser().vector });
    expect(fromOld.check({ name: 'bash', arguments: deploy }).verdict).toBe('block');
    const bad = JSON.parse(JSON.stringify(tracker.toJSON()));
    bad.deadEnds[0].failureClass = 'sometimes';
    expect(() => DeadEndTracker.fromJSON(bad, { sessionId: 's1', now: () => 1000, vectorise: createLexicalVectoriser().vector })).toThrow(/failureClass/);
  });
});
