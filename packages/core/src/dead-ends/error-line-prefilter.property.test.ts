import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { detectFailure, errorLine } from './detect-failure.js';
import { readExitStatus } from './failure-class.js';
import { FailureReadings } from './failure-readings.js';
import { referenceErrorLine, referenceReadExitStatus } from './test-support/reference-error-lines.js';

/** Lines that read as errors, quote them, state exit statuses, or say nothing: outputs are mixes of these. */
const LINES = [
  'KeyError: 3',
  'pkg.module.SomeProblem: what happened',
  'StopIteration',
  'Traceback (most recent call last):',
  '  File "x.py", line 3, in <module>',
  'error: cannot find module',
  'Fatal! disk full',
  'FAILED tests/test_a.py::test_b',
  'FAIL src/a.test.ts',
  'ERROR something',
  'bash: foo: command not found',
  'open: No such file or directory',
  'permission_denied for user',
  'Access denied',
  'could not resolve host',
  'HTTP/1.1 503 Service Unavailable',
  'status code: 404',
  '429 Too Many Requests',
  'No matches found',
  'Directory src/x not found',
  'File a.txt not found',
  'the file does not exist.',
  'Process exited with code 2',
  'Error: exit code 1 (ENOENT)',
  'exit code 0',
  'returncode: 3',
  'return code = -1',
  'non-zero exit status',
  '3 failed, 10 passed',
  'Tests: 2 failed, 5 total',
  '12: raise ValueError("quoted")',
  'src/a.ts:3: Error in a listing',
  'Line 4: error: quoted',
  '[File: a.py (10 lines total)]',
  '(3 more lines below)',
  'Your proposed edit has introduced new syntax error(s).',
  'deploy cache migration failure retry timeout.',
  'all good, nothing to see',
  'EXITING normally',
  'Status: ok',
  '',
  '   ',
  '\tindented Error: inside',
];

const output = fc.array(fc.oneof(fc.constantFrom(...LINES), fc.string({ maxLength: 30 })), { maxLength: 25 }).map((lines) => lines.join('\n'));

describe('error lines read through the keyword pre-filter', () => {
  test.prop([output], { numRuns: 500 })('errorLine answers what reading every pattern on every line answers', (text) => {
    expect(errorLine(text)).toBe(referenceErrorLine(text));
  });

  test.prop([output, fc.option(fc.integer({ min: -3, max: 3 }), { nil: undefined })], { numRuns: 300 })('readExitStatus answers what reading every line answers', (text, exitCode) => {
    const message: CairnMessage = { id: 't', role: 'tool', toolCallId: 'c', content: text, ...(exitCode === undefined ? {} : { metadata: { exitCode } }) };
    expect(readExitStatus(message, text)).toBe(referenceReadExitStatus(message, text));
  });

  test.prop([output, fc.boolean(), fc.boolean()], { numRuns: 200 })('a batch reading gives what detectFailure gives, the same object when read again', (text, isError, failureClasses) => {
    const message: CairnMessage = Object.freeze({ id: 't', role: 'tool', toolCallId: 'c', content: text, ...(isError ? { isError: true } : {}) });
    const readings = new FailureReadings();
    const first = readings.read(message, failureClasses);
    expect(first).toEqual(detectFailure(message, { failureClasses }));
    if (failureClasses) expect(readings.read(message, failureClasses)).toBe(first);
  });

  it('reads the lines it always read (examples)', () => {
    expect(errorLine('compiling\nsrc/a.ts:3: Error: quoted\nKeyError: 3\ndone')).toBe('KeyError: 3');
    expect(errorLine('deploy cache failure retry.\nall fine')).toBeUndefined();
    expect(errorLine('Traceback (most recent call last):\n  File "a.py"\nValueError: bad')).toBe('ValueError: bad');
    expect(readExitStatus({ id: 't', role: 'tool', content: '' }, 'no status here')).toBeUndefined();
    expect(readExitStatus({ id: 't', role: 'tool', content: '' }, 'RETURNCODE: 4')).toBe(4);
  });
});
