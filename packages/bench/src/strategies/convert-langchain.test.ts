import type { CairnMessage } from '@cairn/core';
import { fc, test } from '@fast-check/vitest';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { generateSyntheticSession } from '../generate-synthetic-session.js';
import { fromLangChainMessage, fromLangChainMessages, toLangChainMessages } from './convert-langchain.js';

const EDGE_CASES: CairnMessage[] = [
  { id: 'e1', role: 'system', content: [{ type: 'text', text: 'part one' }, { type: 'text', text: 'part two' }] },
  { id: 'e2', role: 'user', content: '', name: 'Ada', timestamp: 5, metadata: { pinned: true, nested: { a: [1] } } },
  { id: 'e3', role: 'assistant', content: [{ type: 'text', text: 'calling' }], toolCalls: [
    { id: 'c1', name: 'raw', arguments: 'not json' },
    { id: 'c2', name: 'list', arguments: [1, 2] },
    { id: 'c3', name: 'search', arguments: { query: 'x', limit: 3 } },
  ] },
  { id: 'e4', role: 'tool', content: 'ok', toolCallId: 'c1', name: 'raw', isError: false },
  { id: 'e5', role: 'tool', content: [{ type: 'text', text: 'boom' }], toolCallId: 'c2', isError: true },
  { id: 'e6', role: 'tool', content: 'rows', toolCallId: 'c3' },
];

describe('toLangChainMessages / fromLangChainMessages', () => {
  test.prop([fc.integer({ min: 1, max: 10_000 })], { numRuns: 8 })('round-trips generated sessions (seed %s)', (seed) => {
    const { messages } = generateSyntheticSession({ seed, messages: 200 });
    expect(fromLangChainMessages(toLangChainMessages(messages))).toEqual(messages);
  });

  it('round-trips text parts, names, metadata, explicit isError false and non-object arguments', () => {
    expect(fromLangChainMessages(toLangChainMessages(EDGE_CASES))).toEqual(EDGE_CASES);
  });

  it('builds the LangChain message classes with ids, tool_calls, tool_call_id and status', () => {
    const [system, user, assistant, result, failure] = toLangChainMessages(EDGE_CASES);
    expect(SystemMessage.isInstance(system)).toBe(true);
    expect(HumanMessage.isInstance(user)).toBe(true);
    expect(AIMessage.isInstance(assistant) && assistant.tool_calls?.map((call) => [call.id, call.name, call.args])).toEqual([
      ['c1', 'raw', { arguments: 'not json' }],
      ['c2', 'list', { arguments: [1, 2] }],
      ['c3', 'search', { query: 'x', limit: 3 }],
    ]);
    expect(ToolMessage.isInstance(result) && [result.id, result.tool_call_id, result.status]).toEqual(['e4', 'c1', 'success']);
    expect(ToolMessage.isInstance(failure) && failure.status).toBe('error');
  });

  it('uses a fallback id only when the message has none, and names the problem otherwise', () => {
    const cleared = new ToolMessage({ content: '[cleared]', tool_call_id: 'c9' });
    expect(fromLangChainMessage(cleared, 'm9')).toEqual({ id: 'm9', role: 'tool', content: '[cleared]', toolCallId: 'c9' });
    expect(() => fromLangChainMessage(cleared)).toThrow(/without an id/);
  });
});
