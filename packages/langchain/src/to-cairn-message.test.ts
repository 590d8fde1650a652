import { CairnError, createInMemorySessionStore } from '@cairn/core';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { CairnChatMessageHistory } from './cairn-chat-message-history.js';
import { fromCairnMessage } from './from-cairn-message.js';
import { anyMessage, history, messageData } from './test-support/lang-chain-arbitraries.js';
import { toCairnMessage } from './to-cairn-message.js';

describe('toCairnMessage / fromCairnMessage', () => {
  test.prop([anyMessage])('round-trips every field of a LangChain message, also through JSON (a store)', (message) => {
    const cairn = toCairnMessage(message);
    expect(messageData(fromCairnMessage(cairn))).toEqual(messageData(message));
    const stored = JSON.parse(JSON.stringify(cairn)) as typeof cairn;
    expect(messageData(fromCairnMessage(stored))).toEqual(messageData(message));
  });

  test.prop([anyMessage])('maps roles, tool structure and errors', (message) => {
    const cairn = toCairnMessage(message, { id: 'x' });
    const expected = { human: 'user', ai: 'assistant', system: 'system', tool: 'tool' }[message.type as string];
    if (expected) expect(cairn.role).toBe(expected);
    if (ToolMessage.isInstance(message)) {
      expect(cairn.toolCallId).toBe(message.tool_call_id);
      expect(cairn.isError === true).toBe(message.status === 'error');
    }
    if (AIMessage.isInstance(message)) expect((cairn.toolCalls ?? []).map((call) => call.id)).toEqual((message.tool_calls ?? []).map((call) => call.id));
  });

  it('gives text blocks as text parts and other blocks as markers', () => {
    const message = new HumanMessage({ content: [{ type: 'text', text: 'look' }, { type: 'image_url', image_url: { url: 'https://x/y.png' } }] });
    expect(toCairnMessage(message).content).toEqual([{ type: 'text', text: 'look' }, { type: 'text', text: '[image_url]' }]);
  });

  it('derives call ids for tool calls without one', () => {
    const message = new AIMessage({ content: '', tool_calls: [{ name: 'search', args: { q: 'x' } }] });
    expect(toCairnMessage(message, { id: 'm7' }).toolCalls?.[0]?.id).toBe('m7:call-0');
  });

  it('rejects what is not a LangChain message with a typed error', () => {
    const error = (() => {
      try {
        toCairnMessage({ role: 'user', content: 'hi' } as never, { position: 3 });
      } catch (caught) {
        return caught;
      }
    })();
    expect(CairnError.isInstance(error) && error.code).toBe('INVALID_MESSAGE');
    expect((error as Error).message).toContain('position 3');
  });
});

describe('full-fidelity views give the original messages back', () => {
  test.prop([history], { numRuns: 40 })('a history stored through cairn comes back field for field from a new process', async (messages) => {
    const store = createInMemorySessionStore();
    // No loop notice: a generated history whose AI turns say one thing three times gets one by
    // design (seed 1567810750), and this property is about the messages coming back.
    const options = { store, sessionId: 'round-trip', budget: 1_000_000, deadEndBrief: false, checkpointEvery: 1, sovereignty: { loops: { notice: false } } };
    const writer = new CairnChatMessageHistory(options);
    await writer.addMessages(messages);
    await writer.checkpoint();
    // A new wrapper over the same store and an empty inner history: the view is rebuilt from cairn's log.
    const reader = new CairnChatMessageHistory(options);
    const view = await reader.getMessages();
    expect(view.map(messageData)).toEqual(messages.map(messageData));
  }, 120_000);
});
