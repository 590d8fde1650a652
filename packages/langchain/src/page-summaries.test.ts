import { CairnError, CONSOLIDATED_SUMMARY_INSTRUCTIONS, createCharTokenCounter, type Summarizer } from '@cairn/core';
import { AIMessage, HumanMessage, SystemMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { describe, expect, it, vi } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { chatModelSummarizer } from './chat-model-summarizer.js';

const TOPICS = [
  ['garden', 'tomatoes', 'basil', 'compost', 'watering', 'seedlings', 'slugs'],
  ['database', 'postgres', 'schema', 'indexes', 'rollback', 'replicas', 'vacuum'],
  ['Lisbon', 'flights', 'hotel', 'trams', 'pastries', 'museums', 'ocean'],
];

/** The turns of a conversation about three topics in turn (it consolidates into pages with small options). */
function turns(): string[] {
  const texts: string[] = [];
  for (const words of TOPICS) for (let index = 0; index < 4; index++) texts.push(`About the ${words[0]}: more on ${words[index % words.length]} and ${words[(index + 1) % words.length]} today.`);
  return texts;
}

/** Lets the background summariser run finish (the fake answers at once). */
async function settle(): Promise<void> {
  for (let tick = 0; tick < 50; tick++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs the conversation through createAgent with cairn's middleware; returns the middleware. */
async function run(summarizer: FakeListChatModel | Summarizer, threadId: string, onBackgroundError?: (error: unknown) => void) {
  const model = fakeModel();
  const texts = turns();
  for (const text of texts) model.respond(new AIMessage(`Reply: ${text}`));
  const middleware = cairnMiddleware({ budget: 600, tokenCounter: createCharTokenCounter(), summarizer, pages: { consolidation: { window: 2, minPages: 3 } }, ...(onBackgroundError ? { onBackgroundError } : {}) });
  const agent = createAgent({ model, tools: [], middleware: [middleware], checkpointer: new MemorySaver() });
  for (const text of texts) {
    const result = await agent.invoke({ messages: [new HumanMessage(text)] }, { configurable: { thread_id: threadId } });
    expect(String(result.messages.at(-1)!.content)).toBe(`Reply: ${text}`);
  }
  return middleware;
}

describe('a LangChain chat model writes consolidated pages’ summaries', () => {
  it('through createAgent: consolidated pages get the model’s summary, asked with core’s instructions', async () => {
    const summarizer = new FakeListChatModel({ responses: ['PAGE-SUMMARY: the topics and what was agreed.'] });
    const asked: BaseMessage[][] = [];
    const invoke = summarizer.invoke.bind(summarizer);
    summarizer.invoke = ((input: BaseMessage[], options?: unknown) => {
      asked.push(input);
      return invoke(input, options as never);
    }) as typeof summarizer.invoke;
    const middleware = await run(summarizer, 'pages');
    await settle();
    const pages = (await middleware.engine('pages')).listPages('Consolidated');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(page.summary).toBe('PAGE-SUMMARY: the topics and what was agreed.');
    const pageCalls = asked.filter((messages) => messages[0] instanceof SystemMessage && messages[0].content === CONSOLIDATED_SUMMARY_INSTRUCTIONS);
    expect(pageCalls.length).toBe(pages.length);
    expect(String(pageCalls[0]![1]!.content)).toContain('About the garden');
  });

  it('a chat model that never answers holds no invocation up', async () => {
    const summarizer = new FakeListChatModel({ responses: ['never'] });
    summarizer.invoke = (() => new Promise(() => undefined)) as typeof summarizer.invoke;
    const middleware = await run(summarizer, 'stuck');
    const pages = (await middleware.engine('stuck')).listPages('Consolidated');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.some((page) => page.summary === 'never')).toBe(false);
  });

  it('a request that never answers is abandoned after timeoutMs (its signal aborted), so the session’s next run gets its summaries', async () => {
    const fake = new FakeListChatModel({ responses: ['PAGE-SUMMARY: later run.'] });
    const invoke = fake.invoke.bind(fake);
    const signals: (AbortSignal | undefined)[] = [];
    fake.invoke = ((input: BaseMessage[], options?: { signal?: AbortSignal }) => {
      signals.push(options?.signal);
      return signals.length === 1 ? new Promise(() => undefined) : invoke(input, options as never);
    }) as typeof fake.invoke;
    const errors: unknown[] = [];
    const middleware = await run(chatModelSummarizer(fake, { timeoutMs: 30 }), 'stuck-once', (error) => errors.push(error));
    await vi.waitFor(() => expect(errors.some((error) => CairnError.isInstance(error) && error.code === 'MODEL_TIMEOUT')).toBe(true), { timeout: 5_000 });
    expect(signals[0]?.aborted).toBe(true);
    // Before the time limit, that run stayed pending for good and no later invocation started another.
    const agent = createAgent({ model: fakeModel().respond(new AIMessage('Reply: one more.')), tools: [], middleware: [middleware], checkpointer: new MemorySaver() });
    await agent.invoke({ messages: [new HumanMessage('One more thing about the ocean.')] }, { configurable: { thread_id: 'stuck-once' } });
    await vi.waitFor(async () => expect((await middleware.engine('stuck-once')).listPages('Consolidated').some((page) => page.summary === 'PAGE-SUMMARY: later run.')).toBe(true), { timeout: 5_000 });
  });
});
