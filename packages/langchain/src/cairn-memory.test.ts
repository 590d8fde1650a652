import { CairnError, createInMemorySessionStore } from '@cairn/core';
import { InMemoryChatMessageHistory } from '@langchain/core/chat_history';
import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import { ChatPromptTemplate, MessagesPlaceholder, PromptTemplate } from '@langchain/core/prompts';
import { RunnablePassthrough, RunnableSequence } from '@langchain/core/runnables';
import { fakeModel } from '@langchain/core/testing';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { StringOutputParser } from '@langchain/core/output_parsers';
import { describe, expect, it } from 'vitest';
import { CairnMemory } from './cairn-memory.js';
import { promptTokens, promptViolations } from './test-support/prompt-checks.js';

function report(turn: number): string {
  return `Report ${turn}: shipment S-${turn} left dock ${turn % 7} with ${turn * 11} boxes. ` + 'Routine checks passed. '.repeat(15);
}

describe('CairnMemory in a chain', () => {
  it('a RunnableSequence with returnMessages: the model gets the view within budget, the history keeps every turn', async () => {
    const budget = 900;
    const memory = new CairnMemory({ returnMessages: true, budget, inputKey: 'input' });
    const model = fakeModel();
    const turns = 25;
    for (let turn = 0; turn < turns; turn++) model.respond(new AIMessage(`Logged shipment S-${turn}. ${'Ack. '.repeat(10)}`));
    const prompt = ChatPromptTemplate.fromMessages([['system', 'You track shipments.'], new MessagesPlaceholder('history'), ['human', '{input}']]);
    const chain = RunnableSequence.from([
      RunnablePassthrough.assign({ history: async (input: { input: string }) => (await memory.loadMemoryVariables(input)).history as BaseMessage[] }),
      prompt,
      model,
    ]);
    for (let turn = 0; turn < turns; turn++) {
      const input = report(turn);
      const answer = await chain.invoke({ input });
      await memory.saveContext({ input }, { output: answer.content });
    }
    const all = await memory.chatHistory.getMessages();
    expect(all).toHaveLength(turns * 2);
    expect(all[0]).toBeInstanceOf(HumanMessage);
    expect(all[1]).toBeInstanceOf(AIMessage);
    expect(promptTokens(all)).toBeGreaterThan(budget * 2);
    for (const call of model.calls) {
      // system prompt + view + the new input: the view part is within budget.
      expect(promptTokens(call.messages.slice(1, -1))).toBeLessThanOrEqual(budget);
      expect(promptViolations(call.messages)).toEqual([]);
    }
    expect(memory.memoryKeys).toEqual(['history']);
  });

  it('a string prompt: loadMemoryVariables gives a transcript with the prefixes', async () => {
    const memory = new CairnMemory({ budget: 2_000, humanPrefix: 'User', aiPrefix: 'Bot' });
    const model = new FakeListChatModel({ responses: ['Paris.', 'About 2.1 million.'] });
    const prompt = PromptTemplate.fromTemplate('Conversation so far:\n{history}\nUser: {input}\nBot:');
    const chain = RunnableSequence.from([RunnablePassthrough.assign({ history: async (input: { input: string }) => (await memory.loadMemoryVariables(input)).history as string }), prompt, model, new StringOutputParser()]);
    const first = await chain.invoke({ input: 'Capital of France?' });
    await memory.saveContext({ input: 'Capital of France?' }, { output: first });
    const { history } = await memory.loadMemoryVariables({ input: 'Population?' });
    expect(history).toBe('User: Capital of France?\nBot: Paris.');
  });

  it('stores through any chat history backend and continues from a shared store', async () => {
    const store = createInMemorySessionStore();
    const backend = new InMemoryChatMessageHistory();
    const writer = new CairnMemory({ chatHistory: backend, store, sessionId: 'm1', budget: 2_000, returnMessages: true });
    await writer.saveContext({ input: 'remember the code 4417' }, { output: 'Stored.' });
    await writer.checkpoint();
    const reader = new CairnMemory({ chatHistory: backend, store, sessionId: 'm1', budget: 2_000, returnMessages: true });
    const { history } = await reader.loadMemoryVariables({ input: 'what code?' });
    expect((history as BaseMessage[]).map((message) => message.text)).toEqual(['remember the code 4417', 'Stored.']);
    expect(await store.load({ tenant: 'default', sessionId: 'm1' })).toMatchObject({ messages: [{ content: 'remember the code 4417' }, { content: 'Stored.' }] });
  });

  it('rejects a turn cairn cannot take with a typed error, storing it nowhere', async () => {
    const memory = new CairnMemory({ budget: 2_000, maxContentChars: 20 });
    await memory.saveContext({ input: 'short' }, { output: 'ok' });
    const error = await memory.saveContext({ input: 'y'.repeat(50) }, { output: 'ok' }).catch((caught: unknown) => caught);
    expect(CairnError.isInstance(error) && error.code).toBe('CONTENT_TOO_LARGE');
    expect((await memory.chatHistory.getMessages()).map((message) => message.text)).toEqual(['short', 'ok']);
  });

  it('rejects a fractional budget without a context window', () => {
    expect(() => new CairnMemory({ budget: 0.25 })).toThrow(/contextWindow/);
  });
});
