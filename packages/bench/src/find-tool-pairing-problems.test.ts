import type { CairnMessage } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { findToolPairingProblems } from './find-tool-pairing-problems.js';

const call = (id: string, callIds: string[]): CairnMessage => ({ id, role: 'assistant', content: '', toolCalls: callIds.map((callId) => ({ id: callId, name: 'search', arguments: {} })) });
const result = (id: string, callId: string): CairnMessage => ({ id, role: 'tool', content: 'ok', toolCallId: callId, name: 'search' });
const user = (id: string): CairnMessage => ({ id, role: 'user', content: 'hi' });

describe('findToolPairingProblems', () => {
  it('accepts single and parallel calls answered directly, in any order', () => {
    expect(findToolPairingProblems([user('u1'), call('a1', ['c1']), result('t1', 'c1'), call('a2', ['c2', 'c3']), result('t2', 'c3'), result('t3', 'c2'), user('u2')])).toEqual([]);
  });

  it('names a call without a result', () => {
    expect(findToolPairingProblems([call('a1', ['c1', 'c2']), result('t1', 'c1'), user('u1')])).toEqual(['message a1: tool call c2 has no result directly after it']);
    expect(findToolPairingProblems([call('a1', ['c1'])])).toEqual(['message a1: tool call c1 has no result directly after it']);
  });

  it('names a result that is not directly after its call', () => {
    expect(findToolPairingProblems([call('a1', ['c1']), user('u1'), result('t1', 'c1')])).toEqual([
      'message a1: tool call c1 has no result directly after it',
      'message t1: result for tool call c1, which the assistant message before it did not make',
    ]);
  });

  it('names orphan and duplicate results and reused call ids', () => {
    expect(findToolPairingProblems([result('t0', 'x')])).toEqual(['message t0: result for tool call x, which the assistant message before it did not make']);
    expect(findToolPairingProblems([call('a1', ['c1']), result('t1', 'c1'), result('t2', 'c1')])).toEqual(['message t2: second result for tool call c1']);
    expect(findToolPairingProblems([call('a1', ['c1', 'c1']), result('t1', 'c1')])).toContain('message a1: tool call id c1 used twice');
  });
});
