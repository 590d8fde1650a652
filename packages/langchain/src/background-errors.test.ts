import { createInMemorySessionStore, type SessionStore } from '@cairn/core';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
import { RunnableWithMessageHistory } from '@langchain/core/runnables';
import { fakeModel } from '@langchain/core/testing';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { CairnChatMessageHistory } from './cairn-chat-message-history.js';
import { cairnMiddleware } from './cairn-middleware.js';

/** A store whose state saves fail (its log appends work): background checkpoints fail. */
function storeWithFailingSaves(): SessionStore {
  const inner = createInMemorySessionStore();
  return Object.assign(Object.create(inner) as SessionStore, { saveState: () => Promise.reject(new Error('disk full: state not saved')) });
}

const causeOf = (error: unknown): unknown => ((error as { cause?: unknown }).cause !== undefined ? causeOf((error as { cause: unknown }).cause) : error);

describe('a failed background checkpoint is never lost silently', () => {
  it('createAgent: without onBackgroundError the next call of the session throws it', async () => {
    const model = fakeModel().respond(new AIMessage('one')).respond(new AIMessage('two')).respond(new AIMessage('three'));
    const agent = createAgent({ model, tools: [], middleware: [cairnMiddleware({ store: storeWithFailingSaves(), sessionId: 's', checkpointEvery: 1 })] });
    await agent.invoke({ messages: [new HumanMessage('first')] });
    const error = await agent.invoke({ messages: [new HumanMessage('second')] }).catch((caught: unknown) => caught);
    expect(String((causeOf(error) as Error).message)).toContain('disk full');
    // Raised once: the call after it runs.
    await expect(agent.invoke({ messages: [new HumanMessage('third')] })).resolves.toBeDefined();
  });

  it('createAgent: onBackgroundError receives it with the session, and the run goes on', async () => {
    const seen: { message: string; sessionId: string }[] = [];
    const model = fakeModel().respond(new AIMessage('one')).respond(new AIMessage('two'));
    const onBackgroundError = (error: unknown, { sessionId }: { sessionId: string }) => seen.push({ message: (error as Error).message, sessionId });
    const agent = createAgent({ model, tools: [], middleware: [cairnMiddleware({ store: storeWithFailingSaves(), checkpointEvery: 1, onBackgroundError })] });
    await agent.invoke({ messages: [new HumanMessage('first')] }, { configurable: { thread_id: 'thread-9' } });
    await agent.invoke({ messages: [new HumanMessage('second')] }, { configurable: { thread_id: 'thread-9' } });
    expect(seen[0]).toEqual({ message: 'disk full: state not saved', sessionId: 'thread-9' });
  });

  it('RunnableWithMessageHistory: the next read of the history throws it', async () => {
    const model = fakeModel().respond(new AIMessage('one')).respond(new AIMessage('two')).respond(new AIMessage('three'));
    const history = new CairnChatMessageHistory({ store: storeWithFailingSaves(), sessionId: 'h', checkpointEvery: 1, budget: 2_000 });
    const prompt = ChatPromptTemplate.fromMessages([new MessagesPlaceholder('history'), ['human', '{input}']]);
    const chain = new RunnableWithMessageHistory({ runnable: prompt.pipe(model), getMessageHistory: () => history, inputMessagesKey: 'input', historyMessagesKey: 'history' });
    await chain.invoke({ input: 'first' }, { configurable: { sessionId: 'h' } });
    // The second read assembles a view of a non-empty session: its background checkpoint fails.
    await chain.invoke({ input: 'second' }, { configurable: { sessionId: 'h' } });
    await chain.invoke({ input: 'third' }, { configurable: { sessionId: 'h' } }).then(
      () => expect.unreachable('the failed checkpoint was not raised'),
      (error: unknown) => expect(String((causeOf(error) as Error).message)).toContain('disk full'),
    );
  });

  it('createAgent: a session let go past maxOpenSessions whose save fails is reported too', async () => {
    const seen: string[] = [];
    const model = fakeModel().respond(new AIMessage('one')).respond(new AIMessage('two'));
    const middleware = cairnMiddleware({ store: storeWithFailingSaves(), maxOpenSessions: 1, onBackgroundError: (_error, { sessionId }) => seen.push(sessionId) });
    const agent = createAgent({ model, tools: [], middleware: [middleware] });
    await agent.invoke({ messages: [new HumanMessage('on t1')] }, { configurable: { thread_id: 't1' } });
    await agent.invoke({ messages: [new HumanMessage('on t2')] }, { configurable: { thread_id: 't2' } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual(['t1']);
  });
});
