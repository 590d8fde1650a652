import { CairnError, createBpeTokenCounter, createContextEngine, createInMemorySessionStore } from '@cairn/core';
import { ContextChatEngine, Document, Memory, Settings, SimpleChatEngine, VectorStoreIndex, type ChatMessage } from 'llamaindex';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createCairnMemory } from './cairn-memory.js';
import { fromBaseEmbedding } from './from-base-embedding.js';
import { LetterEmbedding } from './test-support/letter-embedding.js';
import { RecordingLLM } from './test-support/recording-llm.js';
import { promptTokens, toolPairViolations } from './test-support/view-checks.js';

const counter = createBpeTokenCounter();
const longText = (turn: number) => `Turn ${turn}: the deploy of service ${turn % 7} failed on step ${turn % 5} with a timeout while migrating table t${turn}. `.repeat(6);

describe('CairnMemory in SimpleChatEngine', () => {
  it('is a Memory, and the LLM receives cairn\'s view within the budget on every call', async () => {
    const llm = new RecordingLLM((call) => ({ text: `answer ${call}: ${longText(call)}` }));
    const memory = createCairnMemory({ sessionId: 'simple-1', budget: 600 });
    expect(memory).toBeInstanceOf(Memory);
    const engine = new SimpleChatEngine({ llm, memory });
    for (let turn = 0; turn < 30; turn++) await engine.chat({ message: longText(turn) });

    expect(llm.calls).toHaveLength(30);
    for (const prompt of llm.calls) {
      expect(promptTokens(prompt, counter)).toBeLessThanOrEqual(600);
      expect(toolPairViolations(prompt)).toEqual([]);
    }
    // The latest user message is always there, verbatim.
    expect(llm.calls[29]!.at(-1)).toEqual({ role: 'user', content: longText(29) });
    // Every message is kept, though the prompts are curated.
    const all = await memory.getAll();
    expect(all).toHaveLength(60);
    expect(promptTokens(all, counter)).toBeGreaterThan(600 * 5);
    expect(memory.lastView!.metadata.mode).toBe('curated');
  });

  it('takes a budget share of the LLM context window by default (0.7)', async () => {
    const llm = new RecordingLLM(() => ({ text: longText(1) }), 1000);
    const memory = createCairnMemory({ sessionId: 'share-1' });
    const engine = new SimpleChatEngine({ llm, memory });
    for (let turn = 0; turn < 12; turn++) await engine.chat({ message: longText(turn) });
    expect(memory.lastView!.metadata.budget).toBe(700);
    for (const prompt of llm.calls) expect(promptTokens(prompt, counter)).toBeLessThanOrEqual(700);
  });

  it('works with streaming chat (the answer is added after the stream ends)', async () => {
    const llm = new RecordingLLM((call) => ({ text: `streamed ${call}` }));
    const memory = createCairnMemory({ sessionId: 'stream-1', budget: 4000 });
    const engine = new SimpleChatEngine({ llm, memory });
    for (let turn = 0; turn < 3; turn++) {
      const stream = await engine.chat({ message: `question ${turn}`, stream: true });
      for await (const _chunk of stream) {
        // drain
      }
    }
    expect(llm.calls[2]).toEqual([
      { role: 'user', content: 'question 0' },
      { role: 'assistant', content: 'streamed 0' },
      { role: 'user', content: 'question 1' },
      { role: 'assistant', content: 'streamed 1' },
      { role: 'user', content: 'question 2' },
    ]);
  });

  it('get() is typed ChatMessage[] (not never) and returns the whole history after a chat', async () => {
    const memory = createCairnMemory({ sessionId: 'get-type-1', budget: 4000 });
    await new SimpleChatEngine({ llm: new RecordingLLM(), memory }).chat({ message: 'hello' });
    const history = await memory.get();
    expectTypeOf(history).toEqualTypeOf<ChatMessage[]>();
    expect(history.map((message) => message.content)).toEqual(['hello', 'ok']);
    expect(await memory.get({ type: 'llamaindex', transientMessages: [{ role: 'system', content: 'ctx' }] })).toHaveLength(3);
    await expect(memory.get({ type: 'vercel' })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
  });

  it('reset() clears the session', async () => {
    const llm = new RecordingLLM();
    const memory = createCairnMemory({ sessionId: 'reset-1', budget: 4000 });
    const engine = new SimpleChatEngine({ llm, memory });
    await engine.chat({ message: 'first' });
    await engine.reset();
    await engine.chat({ message: 'second' });
    expect(llm.calls[1]).toEqual([{ role: 'user', content: 'second' }]);
  });
});

describe('CairnMemory in ContextChatEngine', () => {
  it('passes the engine\'s instanceof check and keeps the retrieved context within the budget', async () => {
    const embedding = new LetterEmbedding();
    const index = await Settings.withEmbedModel(embedding, () =>
      VectorStoreIndex.fromDocuments([new Document({ text: 'The staging database password rotates every Monday.' }), new Document({ text: 'Deploys run from the release branch only.' })]),
    );
    const llm = new RecordingLLM((call) => ({ text: `reply ${call}: ${longText(call)}` }));
    const memory = createCairnMemory({ sessionId: 'context-1', budget: 800 });
    const engine = new ContextChatEngine({ retriever: index.asRetriever({ similarityTopK: 1 }), chatModel: llm, chatHistory: memory });
    for (let turn = 0; turn < 20; turn++) await engine.chat({ message: `${longText(turn)} When does the password rotate?` });

    for (const prompt of llm.calls) {
      expect(promptTokens(prompt, counter)).toBeLessThanOrEqual(800);
      // ContextChatEngine passes its context system message as a transient message, last.
      expect(prompt.at(-1)!.role).toBe('system');
      expect(JSON.stringify(prompt.at(-1)!.content)).toContain('password rotates');
      expect(prompt.at(-2)!.role).toBe('user');
    }
    // The memory really is the engine's history: every turn is stored in cairn.
    expect(await memory.getAll()).toHaveLength(40);
  });

  it('also works passed per call as chat({ chatHistory })', async () => {
    const llm = new RecordingLLM();
    const memory = createCairnMemory({ sessionId: 'context-2', budget: 4000 });
    const retriever = (await Settings.withEmbedModel(new LetterEmbedding(), () => VectorStoreIndex.fromDocuments([new Document({ text: 'fact' })]))).asRetriever();
    const engine = new ContextChatEngine({ retriever, chatModel: llm });
    await engine.chat({ message: 'one', chatHistory: memory });
    await engine.chat({ message: 'two', chatHistory: memory });
    expect((await memory.getAll()).map((message) => message.content)).toEqual(['one', 'ok', 'two', 'ok']);
  });
});

describe('CairnMemory sessions and options', () => {
  it('continues a session across two memories sharing a store', async () => {
    const store = createInMemorySessionStore();
    const first = createCairnMemory({ sessionId: 'shared-1', store, budget: 4000 });
    await new SimpleChatEngine({ llm: new RecordingLLM(), memory: first }).chat({ message: 'remember the blue key' });
    await first.close();
    const llm = new RecordingLLM();
    const second = createCairnMemory({ sessionId: 'shared-1', store, budget: 4000 });
    await new SimpleChatEngine({ llm, memory: second }).chat({ message: 'which key?' });
    expect(llm.calls[0]).toEqual([
      { role: 'user', content: 'remember the blue key' },
      { role: 'assistant', content: 'ok' },
      { role: 'user', content: 'which key?' },
    ]);
  });

  it('uses an engine it is given', async () => {
    const engine = createContextEngine({ budget: 4000 });
    const memory = createCairnMemory({ engine });
    await memory.add({ role: 'user', content: 'hello' });
    expect(engine.getMessages()).toHaveLength(1);
    await expect(memory.clear()).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
  });

  it('embeds through a LlamaIndex BaseEmbedding when one is given', async () => {
    const embedding = new LetterEmbedding();
    const memory = createCairnMemory({ sessionId: 'embed-1', budget: 4000, embedder: embedding });
    await memory.add({ role: 'user', content: 'alpha beta' });
    await memory.getLLM();
    expect(embedding.texts).toBeGreaterThan(0);
    expect(fromBaseEmbedding(embedding).id).toBe('llamaindex:LetterEmbedding');
  });

  it('rejects a bad message with INVALID_MESSAGE and keeps what was stored', async () => {
    const memory = createCairnMemory({ sessionId: 'bad-1', budget: 4000, logger: { warn: () => undefined } });
    await memory.add({ role: 'user', content: 'kept' });
    await expect(memory.add({ role: 'robot', content: 'x' })).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
    await expect(memory.add('not a message')).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
    // An add nobody awaits (as LlamaIndex agents do) does not become an unhandled rejection, and is
    // not lost either: the next read raises it once (issue 12, item 8; it used to be dropped).
    void memory.add({ role: 'user', content: 42 });
    await expect(memory.getLLM()).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
    expect(await memory.getLLM()).toEqual([{ role: 'user', content: 'kept' }]);
  });

  it.each([
    [{ budget: -5 }, 'INVALID_OPTIONS'],
    [{ budget: 0.5, contextWindow: 0 }, 'INVALID_OPTIONS'],
    [{ engine: {} as never }, 'INVALID_OPTIONS'],
  ])('rejects bad options %j', (options, code) => {
    let caught: unknown;
    try {
      createCairnMemory(options);
    } catch (error) {
      caught = error;
    }
    expect(CairnError.isInstance(caught) && caught.code).toBe(code);
  });

  it('needs a context window for a budget share', async () => {
    const memory = createCairnMemory({ sessionId: 'share-2', budget: { fraction: 0.5 } });
    await expect(memory.getLLM()).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    expect(await memory.getLLM(new RecordingLLM(() => ({}), 2000))).toEqual([]);
    expect(memory.lastView!.metadata.budget).toBe(1000);
  });

  it('rejects a bad session id at construction', () => {
    // Issue 12, item 8: it used to be accepted until the session opened.
    expect(() => createCairnMemory({ sessionId: 'no spaces allowed' })).toThrow(expect.objectContaining({ code: 'INVALID_SESSION_KEY' }));
  });

  it('throws BUDGET_EXCEEDED when transient messages alone exceed the budget', async () => {
    const memory = createCairnMemory({ sessionId: 'transient-1', budget: 20 });
    await expect(memory.getLLM(undefined, [{ role: 'system', content: longText(1) }])).rejects.toMatchObject({ code: 'BUDGET_EXCEEDED' });
  });
});
