import { CairnError } from '@cairn/core';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
import { RunnableWithMessageHistory } from '@langchain/core/runnables';
import { fakeModel } from '@langchain/core/testing';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { CairnChatMessageHistory } from './cairn-chat-message-history.js';
import { CairnMemory } from './cairn-memory.js';
import { cairnMiddleware } from './cairn-middleware.js';
import { promptTokens } from './test-support/prompt-checks.js';

const paragraph = (turn: number) => `Note ${turn}: the batch B-${turn} was checked at station ${turn % 5}. ` + 'All readings nominal. '.repeat(20);

const makers = {
  cairnMiddleware: (options: object) => cairnMiddleware(options as never),
  CairnMemory: (options: object) => new CairnMemory(options as never),
  CairnChatMessageHistory: (options: object) => new CairnChatMessageHistory(options as never),
};

function failure(make: () => unknown): { code: string; message: string } | undefined {
  try {
    make();
  } catch (error) {
    return CairnError.isInstance(error) ? { code: error.code, message: error.message } : { code: 'untyped', message: String(error) };
  }
  return undefined;
}

describe('one budget shape: tokens as a number, a share only as { fraction }', () => {
  it('createAgent: { fraction } of contextWindow bounds every prompt', async () => {
    const model = fakeModel();
    for (let turn = 0; turn < 12; turn++) model.respond(new AIMessage(`ok ${turn}`));
    const agent = createAgent({ model, tools: [], systemPrompt: 'You log batches.', middleware: [cairnMiddleware({ budget: { fraction: 0.25 }, contextWindow: 4_000, sessionId: 'batches' })] });
    for (let turn = 0; turn < 12; turn++) await agent.invoke({ messages: [new HumanMessage(paragraph(turn))] });
    for (const call of model.calls) expect(promptTokens(call.messages)).toBeLessThanOrEqual(1_000);
    expect(promptTokens(model.calls.at(-1)!.messages)).toBeGreaterThan(500);
  });

  it('RunnableWithMessageHistory: { fraction } bounds the history part of every prompt', async () => {
    const model = fakeModel();
    for (let turn = 0; turn < 10; turn++) model.respond(new AIMessage(`ok ${turn}`));
    const history = new CairnChatMessageHistory({ budget: { fraction: 0.1 }, contextWindow: 8_000 });
    const prompt = ChatPromptTemplate.fromMessages([new MessagesPlaceholder('history'), ['human', '{input}']]);
    const chain = new RunnableWithMessageHistory({ runnable: prompt.pipe(model), getMessageHistory: () => history, inputMessagesKey: 'input', historyMessagesKey: 'history' });
    for (let turn = 0; turn < 10; turn++) await chain.invoke({ input: paragraph(turn) }, { configurable: { sessionId: 'x' } });
    for (const call of model.calls) expect(promptTokens(call.messages.slice(0, -1))).toBeLessThanOrEqual(800);
  });

  it.each(Object.entries(makers))('%s: the same typed errors for every bad option, when made', (_name, make) => {
    const refused = (options: object) => failure(() => make(options));
    expect(refused({ budget: 0.5, contextWindow: 8_000 })).toMatchObject({ code: 'INVALID_OPTIONS', message: expect.stringContaining('{ fraction: 0.5 }') });
    expect(refused({ budget: { fraction: 0.5 } })).toMatchObject({ code: 'INVALID_OPTIONS', message: expect.stringContaining('contextWindow') });
    for (const options of [{ budget: 1.5 }, { budget: { fraction: 2 }, contextWindow: 8_000 }, { budget: { share: 0.5 } }, { budget: '1000' }, { contextWindow: 0 }, { checkpointEvery: 0 }, { tenant: 'a b' }, { sessionId: '' }, { sessionId: 'x', store: {} }, { onBackgroundError: 'log' }, { embeddings: {} }, { maxContentChars: -1 }]) {
      expect(refused(options), JSON.stringify(options)).toMatchObject({ code: 'INVALID_OPTIONS' });
    }
    expect(refused({ budget: { fraction: 0.5 }, contextWindow: 8_000 })).toBeUndefined();
    expect(refused({ budget: 1 })).toBeUndefined(); // one token: a number is never a share
  });

  it('adapter-specific options are checked when made', () => {
    expect(failure(() => cairnMiddleware({ maxOpenSessions: 0 }))).toMatchObject({ code: 'INVALID_OPTIONS' });
    expect(failure(() => new CairnMemory({ memoryKey: '' }))).toMatchObject({ code: 'INVALID_OPTIONS' });
    expect(failure(() => new CairnMemory({ returnMessages: 'yes' as never }))).toMatchObject({ code: 'INVALID_OPTIONS' });
    expect(failure(() => new CairnMemory({ chatHistory: {} as never }))).toMatchObject({ code: 'INVALID_OPTIONS' });
    expect(failure(() => new CairnChatMessageHistory({ history: [] as never }))).toMatchObject({ code: 'INVALID_OPTIONS' });
  });
});
