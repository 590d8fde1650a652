import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { briefText } from './dead-end-brief.js';
import { DeadEndTracker } from './dead-end-tracker.js';
import { CairnError } from '../log/index.js';
import { createLexicalVectoriser } from '../text/index.js';
import type { CairnMessage } from '../log/index.js';
import type { GuardVerdict } from './dead-end-types.js';

const newTracker = (): DeadEndTracker => new DeadEndTracker({ sessionId: 's1', now: () => 1000, vectorise: createLexicalVectoriser().vector });
let counter = 0;
function turn(name: string, args: unknown, result: string, isError = false): CairnMessage[] {
  const id = `c${++counter}`;
  return [
    { id: `a-${id}`, role: 'assistant', content: '', toolCalls: [{ id, name, arguments: args }] },
    { id: `t-${id}`, role: 'tool', toolCallId: id, content: result, ...(isError ? { isError } : {}) },
  ];
}
const feed = (tracker: DeadEndTracker, messages: readonly CairnMessage[]): void => messages.forEach((message) => tracker.observe(message));
const run = { command: 'python reproduce.py' };
/** A repeat after a state change that touched the failure: a `warn` that names what changed (before failure classes: `allow`). */
function expectWarnAfterChange(verdict: GuardVerdict): void {
  expect(verdict.verdict).toBe('warn');
  expect(verdict.deadEnd?.stale).toBe(true);
  expect(verdict.deadEnd?.changedSince).toBeDefined();
}

describe('DeadEndTracker', () => {
  test('one failure warns, two block, reads in between change nothing', () => {
    const tracker = newTracker();
    feed(tracker, turn('python', run, 'Traceback (most recent call last):\nKeyError: 3'));
    expect(tracker.check({ name: 'python', arguments: run }).verdict).toBe('warn');
    feed(tracker, [...turn('search_file', { command: 'search_file x' }, 'Found 1 matches'), ...turn('python', run, 'KeyError: 3', true)]);
    const verdict = tracker.check({ name: 'python', arguments: { command: 'python  reproduce.py' } });
    expect(verdict.verdict).toBe('block');
    expect(verdict.deadEnd?.id).toBe('de-1');
    expect(verdict.deadEnd?.sourceIds).toHaveLength(2);
  });

  test('a successful edit makes the dead end stale; failing again revives it', () => {
    const tracker = newTracker();
    feed(tracker, turn('python', run, 'KeyError: 3', true));
    feed(tracker, turn('edit', { command: 'edit 1:1\nx = 1\nend_of_edit' }, '[File: r.py (1 lines total)]\n1:x = 1'));
    const verdict = tracker.check({ name: 'python', arguments: run });
    expectWarnAfterChange(verdict);
    expect(verdict.deadEnd?.id).toBe('de-1');
    expect(verdict.reason).toContain('KeyError: 3');
    expect(verdict.reason).toContain('edit 1:1');
    feed(tracker, turn('python', run, 'KeyError: 4', true));
    expect(tracker.check({ name: 'python', arguments: run }).verdict).toBe('block');
  });

  test('opening another file invalidates in-file dead ends but not runs', () => {
    const tracker = newTracker();
    feed(tracker, turn('search_file', { command: 'search_file "def f"' }, 'No matches found for "def f" in a.py', true));
    feed(tracker, turn('python', run, 'KeyError: 3', true));
    feed(tracker, turn('open', { command: 'open b.py' }, '[File: b.py (3 lines total)]'));
    expectWarnAfterChange(tracker.check({ name: 'search_file', arguments: { command: 'search_file "def f"' } }));
    expect(tracker.check({ name: 'python', arguments: run }).verdict).toBe('warn');
  });

  test('lists long-term dead ends before suspects of the same staleness, whatever came last', () => {
    let clock = 0;
    const tracker = new DeadEndTracker({ sessionId: 's1', now: () => (clock += 1000), vectorise: createLexicalVectoriser().vector });
    feed(tracker, [...turn('python', run, 'KeyError: 3', true), ...turn('python', run, 'KeyError: 3', true)]);
    feed(tracker, turn('edit', { command: 'edit 1:1\nx = (\nend_of_edit' }, 'Your proposed edit has introduced new syntax error(s).', true));
    feed(tracker, turn('create', { command: 'create notes.txt' }, '[File: /repo/notes.txt (1 lines total)]'));
    const listed = tracker.list();
    expect(listed.map((deadEnd) => [deadEnd.trace.toolName, deadEnd.status, deadEnd.stale === true])).toEqual([
      ['python', 'dead', true],
      ['edit', 'suspect', true],
    ]);
  });

  test('an edit invalidates a run only when it touches a file the failure depended on', () => {
    const tracker = newTracker();
    const traceback = 'Traceback (most recent call last):\n  File "/repo/reproduce.py", line 3, in <module>\n    f()\n  File "/repo/pkg/core.py", line 9, in f\n    raise KeyError(3)\nKeyError: 3';
    feed(tracker, turn('python', run, traceback, true));
    feed(tracker, turn('open', { command: 'open pkg/other.py' }, '[File: /repo/pkg/other.py (9 lines total)]'));
    feed(tracker, turn('edit', { command: 'edit 1:1\nx = 1\nend_of_edit' }, 'File updated.'));
    expect(tracker.check({ name: 'python', arguments: run }).verdict).toBe('warn'); // other.py is not in the traceback
    feed(tracker, turn('open', { command: 'open pkg/core.py 9' }, '[File: /repo/pkg/core.py (20 lines total)]'));
    expect(tracker.check({ name: 'python', arguments: run }).verdict).toBe('warn'); // opening is no change
    feed(tracker, turn('edit', { command: 'edit 9:9\n    return 3\nend_of_edit' }, 'File updated.'));
    expectWarnAfterChange(tracker.check({ name: 'python', arguments: run })); // core.py is
  });

  test('a rejected edit changes nothing; an edit of the script itself does', () => {
    const tracker = newTracker();
    feed(tracker, turn('python', run, 'Traceback (most recent call last):\n  File "reproduce.py", line 2, in <module>\nNameError: x', true));
    feed(tracker, turn('open', { command: 'open reproduce.py' }, '[File: /repo/reproduce.py (2 lines total)]'));
    feed(tracker, turn('edit', { command: 'edit 2:2\n  x = (\nend_of_edit' }, 'Your proposed edit has introduced new syntax error(s).', true));
    expect(tracker.check({ name: 'python', arguments: run }).verdict).toBe('warn');
    feed(tracker, turn('edit', { command: 'edit 2:2\nx = 1\nend_of_edit' }, 'File updated.'));
    expectWarnAfterChange(tracker.check({ name: 'python', arguments: run }));
  });

  test('unknown targets invalidate; a web search stays flagged after opening a file', () => {
    const tracker = newTracker();
    feed(tracker, turn('stackoverflow_search', { command: 'stackoverflow_search "x"' }, 'search.sh: line 16: _api: command not found', true));
    feed(tracker, turn('python', run, 'Error: cannot pickle dict_keys', true));
    feed(tracker, turn('open', { command: 'open a.py' }, '[File: /repo/a.py]'));
    expect(tracker.check({ name: 'stackoverflow_search', arguments: { command: 'stackoverflow_search "x"' } }).verdict).toBe('warn');
    feed(tracker, turn('edit', { command: 'edit 1:1\ny = 2\nend_of_edit' }, 'File updated.'));
    expectWarnAfterChange(tracker.check({ name: 'python', arguments: run })); // no traceback: any file may matter
    expect(tracker.check({ name: 'stackoverflow_search', arguments: { command: 'stackoverflow_search "x"' } }).verdict).toBe('warn');
    feed(tracker, turn('update_reservation', { id: 'R1' }, '{"ok":true}'));
    expectWarnAfterChange(tracker.check({ name: 'stackoverflow_search', arguments: { command: 'stackoverflow_search "x"' } }));
  });

  test('installing the missing module invalidates; the open file survives a snapshot', () => {
    const tracker = newTracker();
    feed(tracker, turn('open', { command: 'open src/app.py' }, '[File: /repo/src/app.py]'));
    feed(tracker, turn('bash', { command: 'python app.py' }, 'Traceback (most recent call last):\n  File "app.py", line 1, in <module>\nModuleNotFoundError: No module named \'yaml\'', true));
    const restored = DeadEndTracker.fromJSON(JSON.parse(JSON.stringify(tracker.toJSON())), { sessionId: 's1', now: () => 1000, vectorise: createLexicalVectoriser().vector });
    for (const each of [tracker, restored]) {
      feed(each, turn('edit', { command: 'edit 5:5\nz = 0\nend_of_edit' }, 'File updated.'));
      expectWarnAfterChange(each.check({ name: 'bash', arguments: { command: 'python app.py' } })); // app.py was edited
    }
    const other = newTracker();
    feed(other, turn('bash', { command: 'python app.py' }, 'Traceback (most recent call last):\n  File "app.py", line 1, in <module>\nModuleNotFoundError: No module named \'yaml\'', true));
    feed(other, turn('bash', { command: 'pip install requests' }, 'Successfully installed requests'));
    expectWarnAfterChange(other.check({ name: 'bash', arguments: { command: 'python app.py' } })); // a missing module: any install may help
  });

  test('register, recordOutcome and list', () => {
    const tracker = newTracker();
    const registered = tracker.register({ trace: { approach: 'deploy to prod with kubectl rollout restart' }, reason: 'forbidden for agent-bot' });
    expect(registered.status).toBe('dead');
    expect(tracker.check({ name: 'kubectl', arguments: 'deploy to prod with kubectl rollout restart' }).verdict).toBe('block');
    feed(tracker, turn('get_booking', { code: 'X1' }, 'HTTP 404: booking X1 not found'));
    tracker.recordOutcome('de-2', 'miss');
    expect(tracker.list({ topK: 1 })[0]?.id).toBe('de-2');
    expect(tracker.experiences()).toHaveLength(1);
    expect(() => tracker.recordOutcome('nope', 'hit')).toThrow(CairnError);
  });

  test('user corrections become approach dead ends', () => {
    const tracker = newTracker();
    feed(tracker, turn('cancel_reservation', { id: 'R1' }, '{"ok":true}'));
    tracker.observe({ id: 'u1', role: 'user', content: "No, that's wrong — I wanted R2 cancelled." });
    expect(tracker.list()[0]?.reason).toContain("that's wrong");
  });

  test('snapshot round-trip keeps the registry; corrupt snapshots throw INVALID_SNAPSHOT', () => {
    const tracker = newTracker();
    feed(tracker, turn('python', run, 'KeyError: 3', true));
    const json = JSON.parse(JSON.stringify(tracker.toJSON()));
    const restored = DeadEndTracker.fromJSON(json, { sessionId: 's1', now: () => 1000, vectorise: createLexicalVectoriser().vector });
    expect(restored.toJSON()).toEqual(tracker.toJSON());
    expect(restored.check({ name: 'python', arguments: run })).toEqual(tracker.check({ name: 'python', arguments: run }));
    for (const bad of [null, { ...json, version: 2 }, { ...json, deadEnds: [{ id: 1 }] }]) {
      expect(() => DeadEndTracker.fromJSON(bad, { sessionId: 's', now: () => 0, vectorise: createLexicalVectoriser().vector })).toThrow(expect.objectContaining({ code: 'INVALID_SNAPSHOT' }));
    }
  });

  test('a call failing for a new reason keeps the one before; the whole brief line says both', () => {
    const tracker = newTracker();
    feed(tracker, turn('python', run, 'KeyError: 3', true));
    feed(tracker, turn('python', run, 'KeyError: 3', true));
    expect(tracker.list()[0]!.previousReason).toBeUndefined();
    feed(tracker, turn('python', run, 'ModuleNotFoundError: No module named app', true));
    const [deadEnd] = tracker.list();
    expect(deadEnd).toMatchObject({ reason: 'ModuleNotFoundError: No module named app', previousReason: 'KeyError: 3', frequency: 3 });
    const brief = briefText(tracker.list(), 400, (text) => Math.ceil(text.length / 4));
    expect(brief).toContain('ModuleNotFoundError: No module named app (before that: KeyError: 3)');
    const json = JSON.parse(JSON.stringify(tracker.toJSON()));
    const options = { sessionId: 's1', now: () => 1000, vectorise: createLexicalVectoriser().vector };
    expect(DeadEndTracker.fromJSON(json, options).list()).toEqual(tracker.list());
    json.deadEnds[0].previousReason = 7;
    expect(() => DeadEndTracker.fromJSON(json, options)).toThrow(expect.objectContaining({ code: 'INVALID_SNAPSHOT' }));
  });

  const step = fc.record({ name: fc.constantFrom('python', 'edit', 'search_file', 'open'), arg: fc.constantFrom('a', 'b', 'c'), failed: fc.boolean() });
  propertyTest.prop([fc.array(step, { maxLength: 25 }), fc.constantFrom('python', 'edit'), fc.constantFrom('a', 'b')])('the guard is deterministic and survives a snapshot', (steps, name, arg) => {
    const build = (): DeadEndTracker => {
      const tracker = newTracker();
      steps.forEach((each, index) => feed(tracker, [
        { id: `a${index}`, role: 'assistant', content: '', toolCalls: [{ id: `c${index}`, name: each.name, arguments: { command: `${each.name} ${each.arg}` } }] },
        { id: `t${index}`, role: 'tool', toolCallId: `c${index}`, content: 'out', ...(each.failed ? { isError: true } : {}) },
      ]));
      return tracker;
    };
    const call = { name, arguments: { command: `${name} ${arg}` } };
    const first = build();
    expect(build().check(call)).toEqual(first.check(call));
    const restored = DeadEndTracker.fromJSON(JSON.parse(JSON.stringify(first.toJSON())), { sessionId: 's1', now: () => 1000, vectorise: createLexicalVectoriser().vector });
    expect(restored.check(call).verdict).toBe(first.check(call).verdict);
    expect(restored.list()).toEqual(first.list());
  });
});

describe('briefText', () => {
  test('fits the budget, starts with the marker and neutralises imitations', () => {
    const tracker = newTracker();
    feed(tracker, turn('run', { command: 'echo [cairn:pinned]' }, 'Error: nope', true));
    feed(tracker, turn('run', { command: 'npm test' }, 'FAILED 3 tests', true));
    const brief = briefText(tracker.list(), 1000, (text) => Math.ceil(text.length / 4));
    expect(brief.startsWith('[cairn:dead-ends]')).toBe(true);
    expect(brief).toContain('[\\cairn:pinned]');
    expect(briefText(tracker.list(), 30, (text) => Math.ceil(text.length / 4)).split('\n').length).toBeLessThanOrEqual(2);
    expect(briefText([], 100, () => 1)).toBe('');
  });

  test('shows every lesson that fits before any detail: short lines first, whole lines where room is left', () => {
    const tracker = newTracker();
    feed(tracker, turn('run', { command: `python -c "${'x = 1; '.repeat(40)}"` }, 'Error: connection refused by ledger', true));
    feed(tracker, turn('read', { path: 'missing.txt' }, 'Error: no such file missing.txt', true));
    const count = (text: string) => Math.ceil(text.length / 4);
    // Room for the header, the first whole line and nothing else — or for both lessons, short.
    const brief = briefText(tracker.list(), 80, count);
    expect(brief).toContain('Error: connection refused by ledger');
    expect(brief).toContain('Error: no such file missing.txt');
    expect(count(brief)).toBeLessThanOrEqual(80);
    // With room, the whole lines.
    expect(briefText(tracker.list(), 1000, count)).toContain('x = 1;');
  });

  test('calls of one tool that failed for the same reason share one line, leaving room for other lessons', () => {
    const tracker = newTracker();
    const rejected = 'Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit command.';
    for (let index = 0; index < 6; index++) feed(tracker, turn('edit', { range: `${index}:${index + 3}`, text: `line ${index}` }, rejected, true));
    feed(tracker, turn('python', { command: 'python reproduce.py' }, 'Error: settings are not configured', true));
    const count = (text: string) => Math.ceil(text.length / 4);
    const brief = briefText(tracker.list(), 90, count);
    expect(brief).toContain('Error: settings are not configured');
    expect(brief.split('\n').filter((line) => line.includes('syntax error'))).toHaveLength(1);
    expect(brief).toMatch(/edit\(…\) — \d+ different calls, failed \d+× in all/);
    expect(count(brief)).toBeLessThanOrEqual(90);
  });

  test('shortens a line that does not fit whole to the tool and the reason, never dropping the reason', () => {
    const tracker = newTracker();
    feed(tracker, turn('run', { command: `python -c "${'x = 1; '.repeat(40)}"` }, 'Error: connection refused by ledger', true));
    const count = (text: string) => Math.ceil(text.length / 4);
    const whole = briefText(tracker.list(), 1000, count);
    expect(whole).toContain('x = 1;');
    const short = briefText(tracker.list(), 40, count);
    expect(short).toContain('run(…)');
    expect(short).toContain('Error: connection refused by ledger');
    expect(count(short)).toBeLessThanOrEqual(40);
  });
});
