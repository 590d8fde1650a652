import { CairnError } from '@cairn/core';
import { InMemoryChatMessageHistory } from '@langchain/core/chat_history';
import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
import { RunnableWithMessageHistory } from '@langchain/core/runnables';
import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { CairnChatMessageHistory } from './cairn-chat-message-history.js';
import { promptText, promptTokens, promptViolations } from './test-support/prompt-checks.js';

function facts(turn: number): string {
  return `Fact ${turn}: the warehouse in city-${turn} stores ${turn * 13} crates of part P-${turn}. ` + 'Inventory notes follow. '.repeat(12);
}

describe('CairnChatMessageHistory with RunnableWithMessageHistory', () => {
  it('the model sees the view within budget; the inner history keeps everything', async () => {
    const budget = 1_200;
    const model = fakeModel();
    const turns = 30;
    for (let turn = 0; turn < turns; turn++) model.respond(new AIMessage(`Noted fact ${turn}. ${'Details recorded. '.repeat(8)}`));
    const inner = new Map<string, InMemoryChatMessageHistory>();
    const histories = new Map<string, CairnChatMessageHistory>();
    const getMessageHistory = (sessionId: string) => {
      if (!histories.has(sessionId)) {
        inner.set(sessionId, new InMemoryChatMessageHistory());
        histories.set(sessionId, new CairnChatMessageHistory({ sessionId, history: inner.get(sessionId)!, budget }));
      }
      return histories.get(sessionId)!;
    };
    const prompt = ChatPromptTemplate.fromMessages([new MessagesPlaceholder('history'), ['human', '{input}']]);
    const chain = new RunnableWithMessageHistory({ runnable: prompt.pipe(model), getMessageHistory, inputMessagesKey: 'input', historyMessagesKey: 'history' });
    for (let turn = 0; turn < turns; turn++) await chain.invoke({ input: facts(turn) }, { configurable: { sessionId: 'warehouse' } });

    const all = await inner.get('warehouse')!.getMessages();
    expect(all).toHaveLength(turns * 2);
    expect(promptTokens(all)).toBeGreaterThan(budget * 2);
    for (const call of model.calls) {
      // The history part of the prompt (all but the new input) is within the budget.
      expect(promptTokens(call.messages.slice(0, -1))).toBeLessThanOrEqual(budget);
      expect(promptViolations(call.messages)).toEqual([]);
    }
    const last = model.calls.at(-1)!.messages;
    expect(promptText(last)).toContain(`Noted fact ${turns - 2}.`);
    expect((await histories.get('warehouse')!.getAllMessages())).toHaveLength(turns * 2);
  });

  it('works without historyMessagesKey (history prepended to the input messages)', async () => {
    const model = fakeModel().respond(new AIMessage('first answer')).respond(new AIMessage('second answer'));
    const history = new CairnChatMessageHistory({ budget: 2_000 });
    const chain = new RunnableWithMessageHistory({ runnable: model, getMessageHistory: () => history });
    await chain.invoke([new HumanMessage('first question')], { configurable: { sessionId: 'x' } });
    await chain.invoke([new HumanMessage('second question')], { configurable: { sessionId: 'x' } });
    expect(model.calls[1]!.messages.map((message) => message.text)).toEqual(['first question', 'first answer', 'second question']);
    expect((await history.getAllMessages()).map((message) => message.text)).toEqual(['first question', 'first answer', 'second question', 'second answer']);
  });

  it('rejects a bad message with a typed error and stores it nowhere', async () => {
    const inner = new InMemoryChatMessageHistory([new HumanMessage('kept')]);
    const history = new CairnChatMessageHistory({ history: inner, budget: 2_000, maxContentChars: 50 });
    const error = await history.addMessages([new HumanMessage('x'.repeat(100))]).catch((caught: unknown) => caught);
    expect(CairnError.isInstance(error) && error.code).toBe('CONTENT_TOO_LARGE');
    expect((await inner.getMessages()).map((message) => message.text)).toEqual(['kept']);
    expect((await history.getMessages()).map((message) => message.text)).toEqual(['kept']);
  });

  it('clear() empties the inner history and starts the session afresh', async () => {
    const history = new CairnChatMessageHistory({ budget: 2_000 });
    await history.addMessages([new HumanMessage('old'), new AIMessage('older')]);
    await history.clear();
    await history.addMessage(new HumanMessage('new'));
    expect((await history.getMessages()).map((message: BaseMessage) => message.text)).toEqual(['new']);
  });
});
