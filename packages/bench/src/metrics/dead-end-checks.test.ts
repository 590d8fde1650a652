import type { CairnMessage } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { errorLine, errorLines, findDeadEndChecks, isFailureVisible } from './dead-end-checks.js';

const call = (id: string, callId: string, path: string): CairnMessage => ({ id, role: 'assistant', content: '', toolCalls: [{ id: callId, name: 'open', arguments: { path } }] });
const result = (id: string, callId: string, content: string, isError = false): CairnMessage => ({ id, role: 'tool', toolCallId: callId, name: 'open', content, isError });

describe('findDeadEndChecks', () => {
  it('finds calls that repeat an earlier failed call', () => {
    const messages = [
      { id: 'u', role: 'user', content: 'fix it' } as CairnMessage,
      call('a1', 'c1', 'x.py'),
      result('t1', 'c1', 'Traceback (most recent call last):\n  File "x.py"\nFileNotFoundError: x.py\n(Current directory: /)', true),
      call('a2', 'c2', 'y.py'),
      result('t2', 'c2', 'ok'),
      call('a3', 'c3', 'y.py'),
      result('t3', 'c3', 'ok'),
      call('a4', 'c4', 'x.py'),
      result('t4', 'c4', 'FileNotFoundError: x.py', true),
    ];
    const checks = findDeadEndChecks(messages);
    expect(checks).toEqual([{ messageIndex: 7, toolName: 'open', failedResultId: 't1', errorText: 'FileNotFoundError: x.py', errorLines: ['FileNotFoundError: x.py'] }]);
    expect(isFailureVisible(checks[0]!, 'earlier: FileNotFoundError: x.py')).toBe(true);
    expect(isFailureVisible(checks[0]!, 'earlier: FileNotFoundError:   x.py')).toBe(true);
    expect(isFailureVisible(checks[0]!, '[placeholder t1]')).toBe(false);
  });

  it('lists the telling error lines, leaving out the ones every failure shares', () => {
    const output = '$ python run.py\nModuleNotFoundError: No module named foo\nexit code 1';
    expect(errorLines(output)).toEqual(['ModuleNotFoundError: No module named foo']);
    expect(errorLines('error\nexit code 1')).toEqual(['error']);
    expect(errorLines('Traceback (most recent call last):\n  File "a.py", line 3\nKeyError: 7')).toEqual(['KeyError: 7']);
    expect(errorLines('Traceback (most recent call last):\n  File "a.py", line 3\n    next(it)\nStopIteration')).toEqual(['StopIteration']);
    expect(errorLines('\nsomething   odd\n')).toEqual(['something odd']);
    expect(errorLines('')).toEqual([]);
    const check = { messageIndex: 0, toolName: 't', failedResultId: 'r', errorText: 'exit code 1', errorLines: errorLines(output) };
    expect(isFailureVisible(check, 'another run: exit code 1')).toBe(false);
    expect(isFailureVisible(check, 'ModuleNotFoundError: No module named foo')).toBe(true);
  });

  it('picks the error line', () => {
    expect(errorLine('Traceback (most recent call last):\n  File "x.py"\nKeyError: 7')).toBe('KeyError: 7');
    expect(errorLine('\nsomething odd\nmore')).toBe('something odd');
    expect(errorLine('')).toBe('');
  });
});
