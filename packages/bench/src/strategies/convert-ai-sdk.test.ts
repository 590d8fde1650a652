import type { CairnMessage } from '@cairn/core';
import { fc, test } from '@fast-check/vitest';
import { pruneMessages } from 'ai';
import { describe, expect, it } from 'vitest';
import { generateSyntheticSession } from '../generate-synthetic-session.js';
import { fromModelMessages, toModelMessages } from './convert-ai-sdk.js';

const EDGE_CASES: CairnMessage[] = [
  { id: 'e1', role: 'system', content: [{ type: 'text', text: 'part one' }, { type: 'text', text: 'part two' }] },
  { id: 'e2', role: 'user', content: [{ type: 'text', text: 'hi' }], name: 'Ada', timestamp: 5, metadata: { pinned: true } },
  { id: 'e3', role: 'assistant', content: [{ type: 'text', text: 'calling' }], toolCalls: [
    { id: 'c1', name: 'raw', arguments: 'not json' },
    { id: 'c2', name: 'search', arguments: { query: 'x' } },
  ] },
  { id: 'e4', role: 'tool', content: 'ok', toolCallId: 'c1', isError: false },
  { id: 'e5', role: 'tool', content: [{ type: 'text', text: 'boom' }], toolCallId: 'c2', name: 'search', isError: true },
  { id: 'e6', role: 'assistant', content: '' },
];

describe('toModelMessages / fromModelMessages', () => {
  test.prop([fc.integer({ min: 1, max: 10_000 })], { numRuns: 8 })('round-trips generated sessions (seed %s)', (seed) => {
    const { messages } = generateSyntheticSession({ seed, messages: 200 });
    expect(fromModelMessages(toModelMessages(messages))).toEqual(messages);
  });

  it('round-trips text parts, names, metadata, explicit isError false and non-object arguments', () => {
    expect(fromModelMessages(toModelMessages(EDGE_CASES))).toEqual(EDGE_CASES);
  });

  it('writes AI SDK tool-call and tool-result parts, the tool name from the call, and the id in providerOptions', () => {
    const converted = toModelMessages(EDGE_CASES);
    expect(converted[2]).toMatchObject({
      role: 'assistant',
      content: [{ type: 'text', text: 'calling' }, { type: 'tool-call', toolCallId: 'c1', toolName: 'raw', input: 'not json' }, { type: 'tool-call', toolCallId: 'c2' }],
    });
    expect(converted[3]).toMatchObject({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'raw', output: { type: 'text', value: 'ok' } }],
      providerOptions: { cairn: { id: 'e4' } },
    });
    expect(converted[4]).toMatchObject({ content: [{ output: { type: 'error-text', value: 'boom' } }] });
  });

  it('keeps ids through the real pruneMessages', () => {
    const pruned = pruneMessages({ messages: toModelMessages(EDGE_CASES), toolCalls: 'all', emptyMessages: 'remove' });
    const back = fromModelMessages(pruned);
    expect(back.map((message) => message.id)).toEqual(['e1', 'e2', 'e3']);
    expect(back[2]).toEqual({ id: 'e3', role: 'assistant', content: [{ type: 'text', text: 'calling' }] });
  });

  it('names the problem when a message lacks the cairn id', () => {
    expect(() => fromModelMessages([{ role: 'user', content: 'hi' }])).toThrow(/providerOptions\.cairn\.id/);
  });
});
