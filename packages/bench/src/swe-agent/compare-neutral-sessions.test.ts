import { describe, expect, it } from 'vitest';
import { compareNeutralSessions } from './compare-neutral-sessions.js';

const reference = [
  { id: 'r-m000', role: 'user', name: 'environment', content: 'ISSUE' },
  { id: 'r-m001', role: 'assistant', content: 'run it', tool_calls: [{ id: 'r-tc001', name: 'python', arguments: { command: 'python x.py' } }] },
  { id: 'r-m002', role: 'tool', tool_call_id: 'r-tc001', name: 'python', content: 'Traceback…', is_error: true, error_kind: 'traceback', error_signature: 'ValueError: x' },
  { id: 'r-m003', role: 'assistant', content: 'look', tool_calls: [{ id: 'r-tc002', name: 'open', arguments: { command: 'open x.py' } }] },
  { id: 'r-m004', role: 'tool', tool_call_id: 'r-tc002', name: 'open', content: '[File: x.py]', is_error: false },
];

describe('compareNeutralSessions', () => {
  it('finds no difference between a session and a copy with its keys in another order', () => {
    const copy = reference.map((record) => Object.fromEntries(Object.entries(record).reverse()));
    expect(compareNeutralSessions(reference, copy)).toEqual({
      messages: { reference: 5, converted: 5 },
      toolCalls: { reference: 2, converted: 2 },
      missingIds: [],
      extraIds: [],
      differingIds: [],
      confusion: { 'traceback→traceback': 1, 'ok→ok': 1 },
      signatureMismatches: [],
    });
  });

  it('counts label disagreements, signature and content differences, and missing or extra ids', () => {
    const converted = [
      reference[0]!,
      { ...reference[1]!, content: 'run it again' },
      { ...reference[2]!, error_signature: 'ValueError: y' },
      reference[3]!,
      { ...reference[4]!, is_error: true, error_kind: 'tool_error', error_signature: 'File x.py not found' },
      { id: 'r-m005', role: 'user', content: 'extra' },
    ];
    const comparison = compareNeutralSessions([...reference, { id: 'r-m009', role: 'user', content: 'gone' }], converted);
    expect(comparison.differingIds).toEqual(['r-m001']);
    expect(comparison.signatureMismatches).toEqual(['r-m002']);
    expect(comparison.confusion).toEqual({ 'traceback→traceback': 1, 'ok→tool_error': 1 });
    expect(comparison.missingIds).toEqual(['r-m009']);
    expect(comparison.extraIds).toEqual(['r-m005']);
    expect(comparison.messages).toEqual({ reference: 6, converted: 6 });
  });
});
