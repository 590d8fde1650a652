import { fc, test } from '@fast-check/vitest';
import { CairnError } from '@cairn/core';
import type { ChatMessage, MessageContentDetail } from 'llamaindex';
import { describe, expect, it } from 'vitest';
import { createCairnMemory } from './cairn-memory.js';
import { fromCairnMessage } from './from-cairn-message.js';
import { toCairnMessage } from './to-cairn-message.js';

const json = fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const text = fc.string({ maxLength: 40 });
const id = fc.string({ minLength: 1, maxLength: 12 });
const mime = fc.constantFrom('image/png', 'audio/wav', 'video/mp4', 'application/pdf');

const detail: fc.Arbitrary<MessageContentDetail> = fc.oneof(
  fc.record({ type: fc.constant('text' as const), text }),
  fc.record({ type: fc.constant('image_url' as const), image_url: fc.record({ url: fc.webUrl() }), detail: fc.constantFrom('high' as const, 'low' as const, 'auto' as const) }, { requiredKeys: ['type', 'image_url'] }),
  fc.record({ type: fc.constantFrom('audio' as const, 'video' as const, 'image' as const, 'file' as const), data: fc.base64String({ maxLength: 24 }), mimeType: mime }),
);
const content = fc.oneof(text, fc.array(detail, { maxLength: 4 }));
const extraOptions = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }).filter((key) => key !== 'toolCall' && key !== 'toolResult'), json, { maxKeys: 3 });
const toolCall = fc.record({
  id,
  name: fc.string({ minLength: 1, maxLength: 10 }),
  input: fc.oneof(fc.dictionary(fc.string({ maxLength: 6 }), json, { maxKeys: 3 }), fc.json()),
});

/** Arbitrary LlamaIndex chat messages: every role, multimodal content, tool calls, tool results, extra options. */
const chatMessage: fc.Arbitrary<ChatMessage> = fc.oneof(
  fc.record({ role: fc.constantFrom('user' as const, 'assistant' as const, 'system' as const, 'developer' as const, 'memory' as const), content }),
  fc.record({ role: fc.constantFrom('user' as const, 'assistant' as const, 'system' as const), content, options: extraOptions }),
  fc.record({ role: fc.constant('assistant' as const), content, options: fc.tuple(fc.uniqueArray(toolCall, { selector: (call) => call.id, minLength: 1, maxLength: 3 }), extraOptions).map(([calls, extra]) => ({ ...extra, toolCall: calls })) }),
  fc
    .record({ role: fc.constantFrom('user' as const, 'memory' as const), content, id, isError: fc.boolean(), sameResult: fc.boolean(), other: text, extra: extraOptions })
    .map(({ role, content: body, id: callId, isError, sameResult, other, extra }) => ({
      role,
      content: body,
      options: { ...extra, toolResult: { id: callId, isError, result: sameResult ? (typeof body === 'string' ? body : body.map((part) => (part.type === 'text' ? part.text : '')).join('\n')) : other } },
    })),
);

/** Histories a provider would accept: user turns, assistant calls each answered right after. */
const validHistory: fc.Arbitrary<ChatMessage[]> = fc
  .array(
    fc.record({
      user: fc.record({ role: fc.constant('user' as const), content }),
      calls: fc.array(fc.record({ name: fc.string({ minLength: 1, maxLength: 8 }), input: fc.dictionary(fc.string({ maxLength: 6 }), json, { maxKeys: 2 }), result: text, isError: fc.boolean() }), { maxLength: 3 }),
      answer: fc.option(fc.record({ role: fc.constant('assistant' as const), content }), { nil: undefined }),
    }),
    { maxLength: 5 },
  )
  .map((turns) => {
    const history: ChatMessage[] = [];
    turns.forEach((turn, turnIndex) => {
      history.push(turn.user);
      if (turn.calls.length > 0) {
        const ids = turn.calls.map((_, callIndex) => `call-${turnIndex}-${callIndex}`);
        history.push({ role: 'assistant', content: '', options: { toolCall: turn.calls.map((call, callIndex) => ({ id: ids[callIndex]!, name: call.name, input: call.input as Record<string, never> })) } });
        turn.calls.forEach((call, callIndex) => history.push({ role: 'user', content: call.result, options: { toolResult: { id: ids[callIndex]!, result: call.result, isError: call.isError } } }));
      }
      if (turn.answer) history.push(turn.answer);
    });
    return history;
  });

describe('toCairnMessage / fromCairnMessage', () => {
  test.prop([chatMessage])('round-trips every ChatMessage at full fidelity', (message) => {
    expect(fromCairnMessage(toCairnMessage(message, 'm1'))).toEqual(message);
  });

  test.prop([fc.array(chatMessage, { maxLength: 8 })])('any history goes into CairnMemory and comes back from its log unchanged', async (history) => {
    const memory = createCairnMemory({ budget: 1_000_000 });
    for (const message of history) await memory.add(message);
    expect(await memory.getAll()).toEqual(history);
  });

  test.prop([validHistory])('a well-formed history comes back unchanged from the view when it fits the budget', async (history) => {
    const memory = createCairnMemory({ budget: 1_000_000 });
    for (const message of history) await memory.add(message);
    const prompt = await memory.getLLM();
    const view = memory.lastView!.messages;
    // A known-dead-ends brief (after failed calls) is the only message cairn may add.
    expect(view.filter((message) => message.synthetic).every((message) => message.role !== 'tool')).toBe(true);
    expect(prompt.filter((_, index) => !view[index]!.synthetic)).toEqual(history);
  });

  it('maps tool results to cairn tool messages and tool calls to toolCalls', () => {
    const call = toCairnMessage({ role: 'assistant', content: '', options: { toolCall: [{ id: 'c1', name: 'run', input: '{"cmd":"ls"}' }] } }, 'a');
    expect(call).toMatchObject({ role: 'assistant', toolCalls: [{ id: 'c1', name: 'run', arguments: { cmd: 'ls' } }] });
    const result = toCairnMessage({ role: 'user', content: 'boom', options: { toolResult: { id: 'c1', result: 'boom', isError: true } } }, 'b');
    expect(result).toMatchObject({ role: 'tool', toolCallId: 'c1', isError: true, content: 'boom' });
    const image = toCairnMessage({ role: 'user', content: [{ type: 'text', text: 'see' }, { type: 'image_url', image_url: { url: 'https://x/y.png' } }] }, 'c');
    expect(image.content).toEqual([{ type: 'text', text: 'see' }, { type: 'text', text: '[image]' }]);
  });

  it('rebuilds compressed and synthetic view messages as plain text with their tool structure', () => {
    const compressedCall = fromCairnMessage({ id: 'v1', role: 'assistant', content: 'short', toolCalls: [{ id: 'c1', name: 'run', arguments: { cmd: 'ls' } }], sourceIds: ['a'], fidelity: 'compressed' });
    expect(compressedCall).toEqual({ role: 'assistant', content: 'short', options: { toolCall: [{ id: 'c1', name: 'run', input: { cmd: 'ls' } }] } });
    const synthetic = fromCairnMessage({ id: 'v2', role: 'tool', content: 'no result recorded', toolCallId: 'c1', sourceIds: [], fidelity: 'full', synthetic: true });
    expect(synthetic).toEqual({ role: 'user', content: 'no result recorded', options: { toolResult: { id: 'c1', result: 'no result recorded', isError: false } } });
  });

  it.each([
    ['a missing role', { content: 'x' }],
    ['an unknown role', { role: 'tool', content: 'x' }],
    ['content of the wrong type', { role: 'user', content: 42 }],
    ['a detail without a type', { role: 'user', content: [{ text: 'x' }] }],
    ['a tool result without an id', { role: 'user', content: 'x', options: { toolResult: { result: 'x', isError: false } } }],
    ['a tool call without a name', { role: 'assistant', content: '', options: { toolCall: [{ id: 'c', input: {} }] } }],
    ['options that are not an object', { role: 'user', content: 'x', options: 'nope' }],
  ])('rejects %s with INVALID_MESSAGE', (_case, message) => {
    let caught: unknown;
    try {
      toCairnMessage(message as unknown as ChatMessage, 'bad');
    } catch (error) {
      caught = error;
    }
    expect(CairnError.isInstance(caught) && caught.code).toBe('INVALID_MESSAGE');
  });
});
