import { describe, expect, test } from 'vitest';
import { detectFailure } from './detect-failure.js';
import { discoverHotExperiences } from './discover-hot-experiences.js';

const tool = (content: string, isError?: boolean) => ({ id: 't', role: 'tool' as const, toolCallId: 'c', content, ...(isError ? { isError } : {}) });

describe('detectFailure', () => {
  test('tracebacks, HTTP errors, exit codes, rejected edits', () => {
    expect(detectFailure(tool('Traceback (most recent call last):\n  File "a.py", line 1\nKeyError: 3\n(Open file: n/a)'))).toEqual({ kind: 'error-output', reason: 'KeyError: 3' });
    expect(detectFailure(tool('HTTP 404 Not Found'))?.kind).toBe('error-output');
    expect(detectFailure(tool('$ make\nexit code 2'))?.reason).toBe('exit code 2');
    expect(detectFailure(tool(' FAIL  src/sum.test.ts > adds\nAssertionError: expected 1 to be 3\nError: exit code 1'))?.reason).toBe('AssertionError: expected 1 to be 3');
    expect(detectFailure(tool('FAIL src/sum.test.ts\nError: exit code 1'))?.reason).toBe('FAIL src/sum.test.ts');
    expect(detectFailure(tool('anything', true))?.kind).toBe('tool-error');
  });

  test("a traceback's reason is its exception line, whatever the exception is called", () => {
    const output = 'Traceback (most recent call last):\n  File "r.py", line 3, in <module>\n    setup()\ndjango.core.exceptions.ImproperlyConfigured: Requested setting DEBUG, but settings are not configured.';
    expect(detectFailure(tool(output))?.reason).toBe('django.core.exceptions.ImproperlyConfigured: Requested setting DEBUG, but settings are not configured.');
    expect(detectFailure(tool('Traceback (most recent call last):\n  File "r.py", line 3\n    oops'))?.reason).toBe('Traceback (most recent call last)');
  });

  test('an exception raised without a message is the reason too', () => {
    const output = 'Traceback (most recent call last):\n  File "r.py", line 8, in <module>\n    next(it)\nStopIteration\n(Open file: /r.py)';
    expect(detectFailure(tool(output))?.reason).toBe('StopIteration');
  });

  test('what ended the traceback beats an error the script printed before it', () => {
    const output = 'Error: no such table: app_a\nTraceback (most recent call last):\n  File "r.py", line 9, in <module>\n    main()\ndjango.core.exceptions.ImproperlyConfigured: Requested setting INSTALLED_APPS, but settings are not configured.';
    expect(detectFailure(tool(output))?.reason).toBe('django.core.exceptions.ImproperlyConfigured: Requested setting INSTALLED_APPS, but settings are not configured.');
  });

  test('quoted source and search hits are no failure', () => {
    expect(detectFailure(tool('[File: /a.py (3 lines total)]\n1:try:\n2:    x()\n3:except ValueError: pass'))).toBeUndefined();
    expect(detectFailure(tool('Found 2 matches for "Error:" in /r.py:\nLine 14:        print(f"Error: {e}")'))).toBeUndefined();
  });

  test('user corrections', () => {
    expect(detectFailure({ id: 'u', role: 'user', content: "No, that's wrong. Use the other card." })?.kind).toBe('user-correction');
    expect(detectFailure({ id: 'u', role: 'user', content: 'Thanks, that works.' })).toBeUndefined();
  });
});

describe('discoverHotExperiences', () => {
  const day = 86_400_000;
  test('needs 3 consistent, recent hits', () => {
    const hits = (key: string, alignments: number[], at: number) => alignments.map((alignment) => ({ key, outcome: 'hit' as const, alignment, at }));
    const records = [...hits('a', [0.8, 0.82, 0.85], 9 * day), ...hits('b', [0.2, 0.9, 0.5], 9 * day), ...hits('c', [0.8, 0.8, 0.8], 1 * day), ...hits('d', [0.8, 0.8], 9 * day)];
    expect(discoverHotExperiences(records, { now: 10 * day }).map((hot) => hot.key)).toEqual(['a']);
  });
});
