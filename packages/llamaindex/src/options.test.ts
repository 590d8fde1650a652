import { CairnError } from '@cairn/core';
import { SimpleChatEngine, ContextChatEngine, Document, Settings, VectorStoreIndex, ChatMemoryBuffer } from 'llamaindex';
import { describe, expect, it, vi } from 'vitest';
import { CairnChatStore } from './cairn-chat-store.js';
import { createCairnMemory } from './cairn-memory.js';
import { LetterEmbedding } from './test-support/letter-embedding.js';
import { RecordingLLM } from './test-support/recording-llm.js';

/** The CairnError a constructor throws, or undefined. */
function thrownBy(build: () => unknown): CairnError | undefined {
  try {
    build();
  } catch (error) {
    if (CairnError.isInstance(error)) return error;
    throw error;
  }
  return undefined;
}

describe('issue 12, item 8: one budget shape, checked at construction', () => {
  it('a number is tokens, even 1 (no longer 100% of the window)', async () => {
    const memory = createCairnMemory({ budget: 1 });
    const chat = new SimpleChatEngine({ llm: new RecordingLLM(() => ({ text: 'ok' }), 4096), memory });
    await expect(chat.chat({ message: 'Where did we leave the deploy?' })).rejects.toMatchObject({ code: 'BUDGET_EXCEEDED' });
  });

  it('a share is only { fraction }, of the window of the LLM the chat engine passes', async () => {
    const memory = createCairnMemory({ budget: { fraction: 0.5 } });
    const llm = new RecordingLLM(() => ({ text: 'ok' }), 2000);
    await new SimpleChatEngine({ llm, memory }).chat({ message: 'hello' });
    expect(memory.lastView!.metadata.budget).toBe(1000);
    // contextWindow wins over the LLM's.
    const sized = createCairnMemory({ budget: { fraction: 0.5 }, contextWindow: 600 });
    await new SimpleChatEngine({ llm, memory: sized }).chat({ message: 'hello' });
    expect(sized.lastView!.metadata.budget).toBe(300);
  });

  it('a number below 1 is refused at construction, with the { fraction } hint', () => {
    for (const owner of [() => createCairnMemory({ budget: 0.5 }), () => new CairnChatStore({ budget: 0.5, contextWindow: 1000 })]) {
      const error = thrownBy(owner);
      expect(error?.code).toBe('INVALID_OPTIONS');
      expect(error?.message).toContain('{ fraction: 0.5 }');
    }
  });

  it.each([
    ['createCairnMemory', { budget: 1.5 }],
    ['createCairnMemory', { budget: { fraction: 1.5 } }],
    ['createCairnMemory', { budget: { share: 0.5 } }],
    ['createCairnMemory', { budget: '8000' }],
    ['createCairnMemory', { contextWindow: -1 }],
    ['createCairnMemory', { budget: { fraction: 0.5 }, llm: new RecordingLLM(() => ({}), 0.5) }],
    ['CairnChatStore', { budget: { fraction: 0.5 } }],
    ['CairnChatStore', { maxOpenSessions: 0 }],
  ])('%s refuses %j at construction with INVALID_OPTIONS', (owner, options) => {
    const build = owner === 'CairnChatStore' ? () => new CairnChatStore(options as never) : () => createCairnMemory(options as never);
    expect(thrownBy(build)?.code).toBe('INVALID_OPTIONS');
  });

  it('a bad sessionId or tenant is refused at construction with INVALID_SESSION_KEY', () => {
    expect(thrownBy(() => createCairnMemory({ sessionId: 'has spaces' }))?.code).toBe('INVALID_SESSION_KEY');
    expect(thrownBy(() => createCairnMemory({ sessionId: '' }))?.code).toBe('INVALID_SESSION_KEY');
    expect(thrownBy(() => createCairnMemory({ tenant: 'a/b' }))?.code).toBe('INVALID_SESSION_KEY');
    expect(thrownBy(() => new CairnChatStore({ tenant: 'a/b' }))?.code).toBe('INVALID_SESSION_KEY');
  });

  it('the chat store resolves { fraction } of contextWindow for ChatMemoryBuffer', async () => {
    const store = new CairnChatStore({ budget: { fraction: 0.25 }, contextWindow: 4000 });
    const buffer = new ChatMemoryBuffer({ chatStore: store, chatStoreKey: 'k', tokenLimit: 100_000, llm: new RecordingLLM() });
    buffer.put({ role: 'user', content: 'hello' });
    await buffer.getMessages();
    expect(store.lastView('k')!.metadata.budget).toBe(1000);
  });
});

describe('issue 12, item 8: a failed add nobody awaits is logged and raised by the next call', () => {
  it('SimpleChatEngine: the next chat rejects with the failure, the logger got it, and the chat after that works', async () => {
    const warn = vi.fn();
    const memory = createCairnMemory({ budget: 4000, logger: { warn } });
    const llm = new RecordingLLM();
    const chat = new SimpleChatEngine({ llm, memory });
    await chat.chat({ message: 'first' });
    void memory.add({ role: 'user', content: { not: 'content' } }); // nobody awaits it
    await expect(chat.chat({ message: 'second' })).rejects.toSatisfy((error: unknown) => CairnError.isInstance(error) && error.code === 'INVALID_MESSAGE' && /nobody awaited/.test(error.message));
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toMatch(/memory\.add\(\) that nobody awaited failed/);
    expect(CairnError.isInstance(warn.mock.calls[0]![1])).toBe(true);
    await chat.chat({ message: 'third' });
    expect(llm.calls.at(-1)!.map((message) => message.content)).toEqual(['first', 'ok', 'second', 'third']);
  });

  it('ContextChatEngine: the failure surfaces through the engine too', async () => {
    const warn = vi.fn();
    const memory = createCairnMemory({ budget: 4000, logger: { warn } });
    const retriever = (await Settings.withEmbedModel(new LetterEmbedding(), () => VectorStoreIndex.fromDocuments([new Document({ text: 'fact' })]))).asRetriever();
    const chat = new ContextChatEngine({ retriever, chatModel: new RecordingLLM(), chatHistory: memory });
    void memory.add(null);
    await expect(chat.chat({ message: 'hello' })).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
    expect(warn).toHaveBeenCalledOnce();
  });

  it('an awaited add that fails is not reported twice', async () => {
    const warn = vi.fn();
    const memory = createCairnMemory({ budget: 4000, logger: { warn } });
    await expect(memory.add({ role: 'robot', content: 'x' })).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
    const pending = memory.add(7);
    await expect(pending).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
    expect(await new SimpleChatEngine({ llm: new RecordingLLM(), memory }).chat({ message: 'hi' })).toBeTruthy();
    expect(warn).not.toHaveBeenCalled();
  });
});
