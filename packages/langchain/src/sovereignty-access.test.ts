import { resumeFromCrystal } from '@cairn/core';
import { InMemoryChatMessageHistory } from '@langchain/core/chat_history';
import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
import { RunnablePassthrough, RunnableSequence, RunnableWithMessageHistory } from '@langchain/core/runnables';
import { fakeModel } from '@langchain/core/testing';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { CairnChatMessageHistory } from './cairn-chat-message-history.js';
import { CairnMemory } from './cairn-memory.js';
import { cairnMiddleware } from './cairn-middleware.js';

describe('context sovereignty through the LangChain adapters (their engines)', () => {
  it('cairnMiddleware.engine(threadId) after createAgent runs: tag, crystallize, resume, window', async () => {
    const model = fakeModel().respond(new AIMessage('Booked ORD-4821.')).respond(new AIMessage('Noted.'));
    const middleware = cairnMiddleware({ budget: 2_000 });
    const agent = createAgent({ model, tools: [], middleware: [middleware], checkpointer: new MemorySaver() });
    await agent.invoke({ messages: [new HumanMessage('Book ORD-4821, never the red-eye.')] }, { configurable: { thread_id: 't1' } });
    await agent.invoke({ messages: [new HumanMessage('Thanks.')] }, { configurable: { thread_id: 't1' } });
    const engine = await middleware.engine('t1');
    const first = engine.getMessages()[0]!;
    expect(engine.promote([first.id], 'preserved', 'the user’s constraint')).toHaveLength(1);
    expect(engine.window().size).toBe(2);
    const crystal = engine.crystallize({ taskState: { booked: true } });
    expect(crystal.preserved.map((message) => message.id)).toContain(first.id);
    expect(resumeFromCrystal(crystal).getMessages().find((message) => message.id === first.id)?.content).toEqual(first.content);
    await expect(middleware.engine()).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
  });

  it('CairnMemory.engine() in a chain and CairnChatMessageHistory.engine() under RunnableWithMessageHistory', async () => {
    const memory = new CairnMemory({ returnMessages: true, budget: 2_000, inputKey: 'input' });
    const model = fakeModel().respond(new AIMessage('Refund 129.50 approved.'));
    const prompt = ChatPromptTemplate.fromMessages([new MessagesPlaceholder('history'), ['human', '{input}']]);
    const chain = RunnableSequence.from([RunnablePassthrough.assign({ history: async (input: { input: string }) => (await memory.loadMemoryVariables(input)).history as BaseMessage[] }), prompt, model]);
    const answer = await chain.invoke({ input: 'Refund ORD-7' });
    await memory.saveContext({ input: 'Refund ORD-7' }, { output: answer.content });
    const memoryEngine = await memory.engine();
    expect(memoryEngine.getMessages()).toHaveLength(2);
    expect(memoryEngine.project({ targetPressure: 0.5, budget: 2_000 }).items).toHaveLength(2);

    const history = new CairnChatMessageHistory({ history: new InMemoryChatMessageHistory(), budget: 2_000 });
    const runnable = new RunnableWithMessageHistory({
      runnable: ChatPromptTemplate.fromMessages([new MessagesPlaceholder('history'), ['human', '{input}']]).pipe(fakeModel().respond(new AIMessage('Hi.'))),
      getMessageHistory: () => history,
      inputMessagesKey: 'input',
      historyMessagesKey: 'history',
    });
    await runnable.invoke({ input: 'Hello' }, { configurable: { sessionId: 'x' } });
    const historyEngine = await history.engine();
    expect(historyEngine.getMessages().length).toBeGreaterThanOrEqual(1);
    expect(historyEngine.resourceClass(historyEngine.getMessages()[0]!.id)).toBeDefined();
  });
});
