import type { CairnMessage } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { hasExactRepeat, listUnitActions } from './unit-actions.js';

const call = (id: string, name: string, command: string, result: string, isError = false): CairnMessage[] => [
  { id: `m-${id}`, role: 'assistant', content: 'thinking', toolCalls: [{ id, name, arguments: { command } }] },
  { id: `r-${id}`, role: 'tool', content: result, toolCallId: id, isError },
];

describe('listUnitActions', () => {
  it('lists calls with their result hashes and replies, in order, and skips user and tool messages', () => {
    const messages: CairnMessage[] = [
      { id: 'u', role: 'user', content: 'fix it' },
      ...call('c1', 'open', 'open a.py', 'file a'),
      ...call('c2', 'edit', 'edit 1:1', 'syntax error', true),
      { id: 'a', role: 'assistant', content: 'done' },
    ];
    const actions = listUnitActions(messages);
    expect(actions.map((action) => [action.index, action.kind, action.name, action.isError])).toEqual([[0, 'call', 'open', false], [1, 'call', 'edit', true], [2, 'reply', 'reply', false]]);
    expect(actions[2]!.resultHash).toBe('-');
    expect(listUnitActions(messages)).toEqual(actions);
  });

  it('gives equal calls equal hashes and different results different result hashes', () => {
    const [first, second, third] = listUnitActions([...call('c1', 'open', 'open a.py', 'v1'), ...call('c2', 'open', 'open a.py', 'v2'), ...call('c3', 'open', 'open b.py', 'v1')]);
    expect(first!.actionHash).toBe(second!.actionHash);
    expect(first!.resultHash).not.toBe(second!.resultHash);
    expect(third!.actionHash).not.toBe(first!.actionHash);
  });
});

describe('hasExactRepeat', () => {
  const unit = (commands: string[]): ReturnType<typeof listUnitActions> => listUnitActions(commands.flatMap((command, index) => call(`c${index}`, 'run', command, 'out')));

  it('finds 3 equal actions within 8 and not 3 spread over more than 8', () => {
    expect(hasExactRepeat(unit(['x', 'a', 'x', 'b', 'x']))).toBe(true);
    expect(hasExactRepeat(unit(['x', 'a', 'b', 'c', 'x', 'd', 'e', 'f', 'g', 'x']))).toBe(false);
    expect(hasExactRepeat(unit(['x', 'x']))).toBe(false);
  });
});
