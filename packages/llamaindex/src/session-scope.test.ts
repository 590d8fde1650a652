import { createInMemorySessionStore, type SessionStore } from '@cairn/core';
import { ChatMemoryBuffer, ContextChatEngine, Document, Settings, SimpleChatEngine, SimpleChatStore, VectorStoreIndex } from 'llamaindex';
import { describe, expect, it } from 'vitest';
import { CairnChatStore, sessionIdForKey } from './cairn-chat-store.js';
import { createCairnMemory, DEFAULT_MEMORY_SESSION_PREFIX } from './cairn-memory.js';
import { LetterEmbedding } from './test-support/letter-embedding.js';
import { RecordingLLM } from './test-support/recording-llm.js';

/** A store that counts the sessions it loads (each opening loads once). */
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

describe('issue 12, item 1: no state shared between conversations', () => {
  it('two SimpleChatEngines with default memories over one store do not see each other', async () => {
    const store = createInMemorySessionStore();
    const alice = new RecordingLLM();
    const bob = new RecordingLLM();
    const aliceMemory = createCairnMemory({ store, budget: 4000 });
    const bobMemory = createCairnMemory({ store, budget: 4000 });
    await new SimpleChatEngine({ llm: alice, memory: aliceMemory }).chat({ message: 'my card is 4111-1111' });
    await aliceMemory.close();
    await new SimpleChatEngine({ llm: bob, memory: bobMemory }).chat({ message: 'hello' });
    expect(bob.calls[0]).toEqual([{ role: 'user', content: 'hello' }]);
    expect(aliceMemory.sessionId).not.toBe(bobMemory.sessionId);
    expect(aliceMemory.sessionId.startsWith(`${DEFAULT_MEMORY_SESSION_PREFIX}.`)).toBe(true);
  });

  it('two ContextChatEngines with default memories over one store do not see each other', async () => {
    const store = createInMemorySessionStore();
    const retriever = (await Settings.withEmbedModel(new LetterEmbedding(), () => VectorStoreIndex.fromDocuments([new Document({ text: 'fact' })]))).asRetriever();
    const first = new RecordingLLM();
    const second = new RecordingLLM();
    await new ContextChatEngine({ retriever, chatModel: first, chatHistory: createCairnMemory({ store, budget: 4000 }) }).chat({ message: 'secret one' });
    await new ContextChatEngine({ retriever, chatModel: second, chatHistory: createCairnMemory({ store, budget: 4000 }) }).chat({ message: 'question two' });
    expect(second.calls[0]!.filter((message) => message.role !== 'system')).toEqual([{ role: 'user', content: 'question two' }]);
  });

  it('persistence is opt-in by sessionId: a memory closed and reopened, or a new one with the id, continues', async () => {
    const store = createInMemorySessionStore();
    const memory = createCairnMemory({ sessionId: 'user-7.chat-1', store, budget: 4000 });
    const llm = new RecordingLLM();
    const chat = new SimpleChatEngine({ llm, memory });
    await chat.chat({ message: 'one' });
    await memory.close();
    await chat.chat({ message: 'two' }); // the closed memory reopens its session from the store
    await memory.close();
    const later = new RecordingLLM();
    await new SimpleChatEngine({ llm: later, memory: createCairnMemory({ sessionId: 'user-7.chat-1', store, budget: 4000 }) }).chat({ message: 'three' });
    expect(later.calls[0]!.map((message) => message.content)).toEqual(['one', 'ok', 'two', 'ok', 'three']);
  });
});

describe('issue 12, item 1: the chat store keeps a bounded number of sessions open', () => {
  it('past maxOpenSessions, idle sessions are closed and reopened from the store, views unchanged', async () => {
    const sessions = countingStore();
    const store = new CairnChatStore({ chatStore: new SimpleChatStore(), store: sessions, budget: 4000, maxOpenSessions: 2 });
    const buffers = ['a', 'b', 'c', 'd', 'e'].map((key) => new ChatMemoryBuffer({ chatStore: store, chatStoreKey: key, tokenLimit: 100_000, llm: new RecordingLLM() }));
    for (let round = 0; round < 3; round++) {
      for (const [index, buffer] of buffers.entries()) {
        buffer.put({ role: 'user', content: `round ${round} for ${index}` });
        await buffer.getMessages();
        expect(store.openSessions).toBeLessThanOrEqual(2);
      }
    }
    for (const [index, buffer] of buffers.entries()) {
      expect((await buffer.getMessages()).map((message) => message.content)).toEqual([0, 1, 2].map((round) => `round ${round} for ${index}`));
    }
    // Each key was reopened from the store after eviction (5 keys × 4 reads, 2 open at a time).
    expect(sessions.loads.filter((id) => id === 'a').length).toBeGreaterThan(1);
    expect(store.openSessions).toBeLessThanOrEqual(2);
    expect(store.lastView('a')).toBeUndefined(); // lastView is kept for the 2 most recent keys only
    expect(store.lastView('e')).toBeDefined();
  });

  it('a key that looks like a hashed key does not share the hashed key\'s session', async () => {
    const store = new CairnChatStore({ budget: 4000 });
    const spaced = 'user 42/chat';
    const lookalike = sessionIdForKey(spaced);
    store.setMessages(spaced, [{ role: 'user', content: 'for the spaced key' }]);
    store.setMessages(lookalike, [{ role: 'user', content: 'for the look-alike key' }]);
    expect(await store.getMessages(spaced)).toEqual([{ role: 'user', content: 'for the spaced key' }]);
    expect(await store.getMessages(lookalike)).toEqual([{ role: 'user', content: 'for the look-alike key' }]);
    expect(sessionIdForKey(lookalike)).not.toBe(lookalike);
  });
});
