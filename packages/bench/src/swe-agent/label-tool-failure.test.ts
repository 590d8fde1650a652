import { CairnError } from '@cairn/core';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGNATURE_LENGTH, labelToolFailure } from './label-tool-failure.js';

const FOOTER = '\n\n(Open file: /repo/app/models.py)\n(Current directory: /repo)\nbash-$';

describe('labelToolFailure', () => {
  it('labels a rejected edit by its lint lines, digits as N', () => {
    const content = [
      'Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit commmand.',
      '',
      'ERRORS:',
      '- E999 IndentationError: unexpected indent',
      "- F821 undefined name 'os2'",
      '',
      'This is how your edit would have looked if applied',
      '-------------------------------------------------',
      '[File: /repo/app/models.py (12 lines total)]',
      '1:import os',
    ].join('\n');
    expect(labelToolFailure(content + FOOTER)).toEqual({ isError: true, kind: 'edit_rejected', signature: "edit_rejected: - EN IndentationError: unexpected indent\n- FN undefined name 'osN'" });
  });

  it('labels a traceback by its last exception line', () => {
    const content = ['Traceback (most recent call last):', '  File "reproduce.py", line 3, in <module>', '    import myapp', "ModuleNotFoundError: No module named 'myapp2'"].join('\n');
    expect(labelToolFailure(content + FOOTER)).toEqual({ isError: true, kind: 'traceback', signature: "ModuleNotFoundError: No module named 'myappN'" });
  });

  it('takes the last …Error line of a chained traceback when the final exception is not named …Error', () => {
    const content = [
      'Traceback (most recent call last):',
      '  File "x.py", line 1, in <module>',
      "KeyError: 'name'",
      '',
      'During handling of the above exception, another exception occurred:',
      '',
      'Traceback (most recent call last):',
      "django.core.exceptions.FieldDoesNotExist: B has no field named 'name'",
    ].join('\n');
    expect(labelToolFailure(content)).toEqual({ isError: true, kind: 'traceback', signature: "KeyError: 'name'" });
  });

  it('signs a traceback with no …Error line as "Traceback"', () => {
    const content = 'Traceback (most recent call last):\n  File "x.py", line 9, in <module>\ndjango.core.exceptions.AppRegistryNotReady: Apps aren\'t loaded yet.';
    expect(labelToolFailure(content)).toEqual({ isError: true, kind: 'traceback', signature: 'Traceback' });
  });

  it('does not count a traceback shown inside a file view', () => {
    const view = '[File: /repo/docs/errors.py (40 lines total)]\n1:"""Example output:\n2:Traceback (most recent call last):\n3:ValueError: bad\n4:"""';
    expect(labelToolFailure(view + FOOTER)).toEqual({ isError: false });
  });

  it.each([
    ['=========================== 1 failed, 2 passed in 0.03s ===========================', 'pytest: N failed, N passed in N.Ns'],
    ['====================== 3123 deselected, 3 errors in 3.85s ======================', 'pytest: N deselected, N errors in N.Ns'],
    ['=========================== 1 error in 0.12 seconds ============================', 'pytest: N error in N.N seconds'],
  ])('labels a pytest run with failed tests or errors by its summary: %s', (summary, signature) => {
    const content = `============================= test session starts ==============================\ncollected 3 items\n\ntest_x.py F..\n${summary}\n`;
    expect(labelToolFailure(content + FOOTER)).toEqual({ isError: true, kind: 'traceback', signature });
  });

  it.each(['=========================== 3 passed in 0.02s ===========================', '============================== 1 skipped in 0.01s =============================='])('labels a pytest run without failures as ok: %s', (summary) => {
    expect(labelToolFailure(`============================= test session starts ==============================\n${summary}`)).toEqual({ isError: false });
  });

  it('labels an empty search', () => {
    expect(labelToolFailure(`No matches found for "class Router" in /repo/app/routing.py${FOOTER}`)).toEqual({ isError: true, kind: 'no_results', signature: 'No matches found for "class Router" in /repo/app/routing.py' });
  });

  it.each([
    ["python: can't open file 'reproduce.py': [Errno 2] No such file or directory", "python: can't open file 'reproduce.py': [Errno N] No such file or directory"],
    ['File app/settings.py not found', 'File app/settings.py not found'],
    ['Directory templates not found', 'Directory templates not found'],
    ['Usage: find_file <file_name> [<dir>]', 'Usage: find_file <file_name> [<dir>]'],
    ['Error: <line> must be less than or equal to 1678', 'Error: <line> must be less than or equal to N'],
    ["ls: cannot access 'contrib/admin': No such file or directory", "ls: cannot access 'contrib/admin': No such file or directory"],
    ['/root/commands/search.sh: line 16: _lookup: command not found\nmore text', '/root/commands/search.sh: line N: _lookup: command not found'],
    ['usage: _rover_search [-h] --project_path PROJECT_PATH\n_rover_search: error: unrecognized arguments', 'usage: _rover_search [-h] --project_path PROJECT_PATH'],
    ['/bin/bash: line 1: app/views.py: Permission denied', '/bin/bash: line N: app/views.py: Permission denied'],
    ["grep: unrecognized option '--notes'", "grep: unrecognized option '--notes'"],
  ])('labels a command that did not run as asked: %s', (first, signature) => {
    expect(labelToolFailure(first + FOOTER)).toEqual({ isError: true, kind: 'tool_error', signature });
  });

  it.each([
    '[File: /repo/app/models.py (328 lines total)]\n1:from os import path',
    'Your command ran successfully and did not produce any output.',
    'Found 3 matches for "delete" in /repo/app/models.py:\nLine 10: def delete(self):',
    "An error occurred: no such table: app_user\n",
    '\nIn order to solve this issue, the manager has planned for several roles to work together:\nError: nothing',
    '',
  ])('labels ordinary output as ok: %j', (content) => {
    expect(labelToolFailure(content + FOOTER)).toEqual({ isError: false });
  });

  it('cuts signatures to maxSignatureLength characters', () => {
    const long = `No matches found for "${'x'.repeat(500)}" in /repo`;
    const label = labelToolFailure(long);
    expect(label.isError && label.signature.length).toBe(DEFAULT_SIGNATURE_LENGTH);
    const short = labelToolFailure(long, { maxSignatureLength: 12 });
    expect(short).toEqual({ isError: true, kind: 'no_results', signature: 'No matches f' });
  });

  it('rejects a signature length that is not a whole number from 1', () => {
    for (const maxSignatureLength of [0, -3, 2.5, Number.NaN]) {
      try {
        labelToolFailure('x', { maxSignatureLength });
        expect.unreachable();
      } catch (error) {
        expect(CairnError.isInstance(error) && error.code).toBe('INVALID_OPTIONS');
      }
    }
  });

  test.prop([fc.string({ maxLength: 400 }), fc.integer({ min: 1, max: 300 })])('never throws on any text; a failure has a short signature without digits', (content, maxSignatureLength) => {
    const label = labelToolFailure(content, { maxSignatureLength });
    if (label.isError) {
      expect(Array.from(label.signature).length).toBeLessThanOrEqual(maxSignatureLength);
      expect(label.signature).not.toMatch(/[0-9]/);
    } else {
      expect(Object.keys(label)).toEqual(['isError']);
    }
  });

  test.prop([fc.string({ maxLength: 200 })])('the (Open file: …) footer never changes the label', (body) => {
    fc.pre(!body.includes('\n(Open file:'));
    expect(labelToolFailure(body + FOOTER)).toEqual(labelToolFailure(body));
  });
});
