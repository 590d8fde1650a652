import { CairnError, createInMemorySessionStore, type SessionStore } from '@cairn/core';
import { InMemoryChatMessageHistory } from '@langchain/core/chat_history';
import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
import { RunnableWithMessageHistory } from '@langchain/core/runnables';
import { fakeModel } from '@langchain/core/testing';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { CairnChatMessageHistory } from './cairn-chat-message-history.js';
import { CairnMemory } from './cairn-memory.js';
import { cairnMiddleware } from './cairn-middleware.js';
import { promptText } from './test-support/prompt-checks.js';

const SECRET = 'my card number is 4111-1111-1111-1111';

async function twoInvocations(middleware: ReturnType<typeof cairnMiddleware>[]) {
  const model = fakeModel().respond(new AIMessage('Noted.')).respond(new AIMessage('Paris.'));
  const agent = createAgent({ model, tools: [], middleware });
  await agent.invoke({ messages: [new HumanMessage(SECRET)] });
  await agent.invoke({ messages: [new HumanMessage('What is the capital of France?')] });
  return model;
}

/** A store that counts how often each session is loaded (opened). */
function countingStore(): SessionStore & { loads: string[] } {
  const inner = createInMemorySessionStore();
  const loads: string[] = [];
  return Object.assign(Object.create(inner) as SessionStore, {
    loads,
    load: (key: Parameters<SessionStore['load']>[0]) => {
      loads.push(key.sessionId);
      return inner.load(key);
    },
  });
}

describe('cairnMiddleware without a thread_id or sessionId: the invocation is the session', () => {
  it("a second invocation's model call does not see the first's messages (as without cairn); a thread_id or sessionId persists", async () => {
    const plain = await twoInvocations([]);
    expect(promptText(plain.calls[1]!.messages)).not.toContain('4111');
    const withCairn = await twoInvocations([cairnMiddleware()]);
    expect(promptText(withCairn.calls[1]!.messages)).not.toContain('4111');
    expect(promptText(withCairn.calls[1]!.messages)).toContain('capital of France');
    // Persistence is opt-in: with a thread_id or a sessionId the session is kept in the store.
    const store = createInMemorySessionStore();
    const model = fakeModel().respond(new AIMessage('one')).respond(new AIMessage('two'));
    await createAgent({ model, tools: [], checkpointer: new MemorySaver(), middleware: [cairnMiddleware({ store, checkpointEvery: 1 })] }).invoke({ messages: [new HumanMessage('on a thread')] }, { configurable: { thread_id: 'thread-7' } });
    await createAgent({ model, tools: [], middleware: [cairnMiddleware({ store, sessionId: 'named' })] }).invoke({ messages: [new HumanMessage('with a session id')] });
    expect((await store.load({ tenant: 'default', sessionId: 'thread-7' }))?.messages.map((message) => message.content)).toEqual(['on a thread']);
    expect((await store.load({ tenant: 'default', sessionId: 'named' }))?.messages.map((message) => message.content)).toEqual(['with a session id']);
  });

  it('concurrent invocations stay apart, and nothing is written to the store', async () => {
    const store = createInMemorySessionStore();
    const model = fakeModel().respond(new AIMessage('a')).respond(new AIMessage('b')).respond(new AIMessage('c'));
    const agent = createAgent({ model, tools: [], middleware: [cairnMiddleware({ store })] });
    await Promise.all(['alice: code 1111', 'bob: code 2222', 'carol: code 3333'].map((text) => agent.invoke({ messages: [new HumanMessage(text)] })));
    for (const call of model.calls) expect(promptText(call.messages).match(/code \d{4}/g)).toHaveLength(1);
    expect((await store.list('default')).sessionIds).toEqual([]);
  });

  it('a history the caller sends again is in view (it is their own), and a sessionId function may return undefined', async () => {
    const model = fakeModel().respond(new AIMessage('Stored.')).respond(new AIMessage('4417.')).respond(new AIMessage('?'));
    const agent = createAgent({ model, tools: [], middleware: [cairnMiddleware({ sessionId: (threadId) => threadId && `user-${threadId}` })] });
    const first = await agent.invoke({ messages: [new HumanMessage('remember 4417')] });
    await agent.invoke({ messages: [...first.messages, new HumanMessage('which number?')] });
    expect(promptText(model.calls[1]!.messages)).toContain('remember 4417');
    await agent.invoke({ messages: [new HumanMessage('a new conversation')] });
    expect(promptText(model.calls[2]!.messages)).not.toContain('4417');
  });

  it('keeps at most maxOpenSessions threads open; one let go reopens from the store with nothing lost', async () => {
    const store = countingStore();
    const model = fakeModel();
    for (let turn = 0; turn < 4; turn++) model.respond(new AIMessage(`reply ${turn}`));
    const agent = createAgent({ model, tools: [], middleware: [cairnMiddleware({ store, maxOpenSessions: 1 })] });
    for (const [thread, text] of [['t1', 'first on t1'], ['t2', 'first on t2'], ['t1', 'second on t1']] as const) {
      await agent.invoke({ messages: [new HumanMessage(text)] }, { configurable: { thread_id: thread } });
    }
    expect(store.loads).toEqual(['t1', 't2', 't1']);
    // No checkpointer: the agent state is fresh, so what the model sees of t1's past came from cairn's store.
    expect(promptText(model.calls[2]!.messages)).toContain('first on t1');
    expect(promptText(model.calls[2]!.messages)).not.toContain('first on t2');
  });
});

describe('CairnMemory and CairnChatMessageHistory: one conversation each', () => {
  it('a history or memory over a store needs a sessionId (refused, never shared); without either each object keeps its own', async () => {
    const store = createInMemorySessionStore();
    const model = fakeModel().respond(new AIMessage('ok')).respond(new AIMessage('ok'));
    const prompt = ChatPromptTemplate.fromMessages([new MessagesPlaceholder('history'), ['human', '{input}']]);
    const chain = new RunnableWithMessageHistory({ runnable: prompt.pipe(model), inputMessagesKey: 'input', historyMessagesKey: 'history', getMessageHistory: () => new CairnChatMessageHistory({ store, budget: 2_000 }) });
    const error = await chain.invoke({ input: SECRET }, { configurable: { sessionId: 'alice' } }).catch((caught: unknown) => caught);
    expect(CairnError.isInstance(error) && error.code).toBe('INVALID_OPTIONS');
    expect(() => new CairnMemory({ store })).toThrow(/sessionId/);
    // Without a sessionId (and without a store) each object keeps its conversation to itself.
    const ownModel = fakeModel().respond(new AIMessage('ok')).respond(new AIMessage('ok'));
    const histories = new Map<string, CairnChatMessageHistory>();
    const getMessageHistory = (sessionId: string) => histories.get(sessionId) ?? histories.set(sessionId, new CairnChatMessageHistory({ history: new InMemoryChatMessageHistory(), budget: 2_000 })).get(sessionId)!;
    const ownChain = new RunnableWithMessageHistory({ runnable: prompt.pipe(ownModel), inputMessagesKey: 'input', historyMessagesKey: 'history', getMessageHistory });
    await ownChain.invoke({ input: SECRET }, { configurable: { sessionId: 'alice' } });
    await ownChain.invoke({ input: 'hello' }, { configurable: { sessionId: 'bob' } });
    expect(promptText(ownModel.calls[1]!.messages)).not.toContain('4111');
    const [a, b] = [new CairnMemory({ returnMessages: true }), new CairnMemory({ returnMessages: true })];
    await a.saveContext({ input: SECRET }, { output: 'ok' });
    expect(((await b.loadMemoryVariables({ input: 'hi' })).history as BaseMessage[]).map((message) => message.text)).toEqual([]);
  });

});
