import { CairnError, createBpeTokenCounter, createContextEngine, createInMemorySessionStore } from '@cairn/core';
import { BaseChatStore, ChatMemoryBuffer, SimpleChatStore, type ChatMessage } from 'llamaindex';
import { describe, expect, it } from 'vitest';
import { CairnChatStore, sessionIdForKey } from './cairn-chat-store.js';
import { RecordingLLM } from './test-support/recording-llm.js';
import { promptTokens, toolPairViolations } from './test-support/view-checks.js';

const counter = createBpeTokenCounter();

function toolTurn(turn: number): ChatMessage[] {
  const id = `call-${turn}`;
  const output = `build ${turn} log: ${'compiling module; '.repeat(40)}done`;
  return [
    { role: 'user', content: `Build package ${turn}.` },
    { role: 'assistant', content: '', options: { toolCall: [{ id, name: 'build', input: { pkg: `p${turn}` } }] } },
    { role: 'user', content: output, options: { toolResult: { id, result: output, isError: false } } },
    { role: 'assistant', content: `Package ${turn} built.` },
  ];
}

describe('CairnChatStore', () => {
  it('is a BaseChatStore whose getMessages returns the view; the inner store keeps everything', async () => {
    const inner = new SimpleChatStore();
    const store = new CairnChatStore({ chatStore: inner, budget: 3000 });
    expect(store).toBeInstanceOf(BaseChatStore);
    for (let turn = 0; turn < 40; turn++) {
      for (const message of toolTurn(turn)) store.addMessage('chat-1', message);
      const view = await store.getMessages('chat-1');
      expect(promptTokens(view, counter)).toBeLessThanOrEqual(3000);
      expect(toolPairViolations(view)).toEqual([]);
    }
    expect(inner.getMessages('chat-1')).toHaveLength(160);
    expect(await store.getAllMessages('chat-1')).toEqual(inner.getMessages('chat-1'));
    expect(store.lastView('chat-1')!.metadata.historyTokens).toBeGreaterThan(3000 * 2);
    expect([...(await store.getKeys())]).toEqual(['chat-1']);
  });

  it('keeps one session per key', async () => {
    const store = new CairnChatStore({ budget: 4000 });
    store.setMessages('a', [{ role: 'user', content: 'for a' }]);
    store.setMessages('b', [{ role: 'user', content: 'for b' }]);
    expect(await store.getMessages('a')).toEqual([{ role: 'user', content: 'for a' }]);
    expect(await store.getMessages('b')).toEqual([{ role: 'user', content: 'for b' }]);
  });

  it('rebuilds the session when the history was edited or truncated', async () => {
    const store = new CairnChatStore({ budget: 4000 });
    store.setMessages('k', [{ role: 'user', content: 'one' }, { role: 'assistant', content: 'two' }, { role: 'user', content: 'three' }]);
    expect(await store.getMessages('k')).toHaveLength(3);
    store.deleteMessage('k', 1);
    expect(await store.getMessages('k')).toEqual([{ role: 'user', content: 'one' }, { role: 'user', content: 'three' }]);
    store.setMessages('k', [{ role: 'user', content: 'edited' }]);
    expect(await store.getMessages('k')).toEqual([{ role: 'user', content: 'edited' }]);
    store.deleteMessages('k');
    expect(await store.getMessages('k')).toEqual([]);
  });

  it('serves ChatMemoryBuffer (chatStore + chatStoreKey), and maps keys that are not valid session ids', async () => {
    const store = new CairnChatStore({ budget: 4000 });
    const buffer = new ChatMemoryBuffer({ chatStore: store, tokenLimit: 100_000, llm: new RecordingLLM() });
    buffer.put({ role: 'user', content: 'hello' });
    expect(await buffer.getMessages()).toEqual([{ role: 'user', content: 'hello' }]);
    expect(sessionIdForKey('user 42/chat')).toMatch(/^li\./);
    expect(sessionIdForKey('user 42/chat')).toBe(sessionIdForKey('user 42/chat'));
    store.setMessages('user 42/chat', [{ role: 'user', content: 'spaces' }]);
    expect(await store.getMessages('user 42/chat')).toEqual([{ role: 'user', content: 'spaces' }]);
    expect(sessionIdForKey('chat-1')).toBe('chat-1');
  });

  it('persists through a session store: a second chat store over the same stores continues', async () => {
    const sessions = createInMemorySessionStore();
    const inner = new SimpleChatStore();
    const first = new CairnChatStore({ chatStore: inner, store: sessions, budget: 4000 });
    for (const message of toolTurn(1)) first.addMessage('s', message);
    await first.getMessages('s');
    const second = new CairnChatStore({ chatStore: inner, store: sessions, budget: 4000 });
    for (const message of toolTurn(2)) second.addMessage('s', message);
    expect(await second.getMessages('s')).toEqual([...toolTurn(1), ...toolTurn(2)]);
    expect((await sessions.load({ tenant: 'default', sessionId: 's' }))!.messages).toHaveLength(8);
  });

  it('rejects a malformed stored message with INVALID_MESSAGE and ingests nothing of the batch', async () => {
    const store = new CairnChatStore({ budget: 4000 });
    store.setMessages('bad', [{ role: 'user', content: 'fine' }, { role: 'wizard', content: 'x' } as never]);
    await expect(store.getMessages('bad')).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
    store.deleteMessage('bad', 1);
    expect(await store.getMessages('bad')).toEqual([{ role: 'user', content: 'fine' }]);
  });

  it('serves one key with a given engine and refuses a second', async () => {
    const engine = createContextEngine({ budget: 4000 });
    const store = new CairnChatStore({ engine });
    store.setMessages('only', [{ role: 'user', content: 'x' }]);
    await store.getMessages('only');
    expect(engine.getMessages()).toHaveLength(1);
    await expect(store.getMessages('other')).rejects.toSatisfy((error: unknown) => CairnError.isInstance(error) && error.code === 'INVALID_OPTIONS');
  });

  it('answers the dead-end guard per key', async () => {
    const store = new CairnChatStore({ budget: 4000 });
    const failing = (id: string): ChatMessage[] => [
      { role: 'assistant', content: '', options: { toolCall: [{ id, name: 'deploy', input: { env: 'prod' } }] } },
      { role: 'user', content: 'Error: permission denied for deploy to prod', options: { toolResult: { id, result: 'Error: permission denied for deploy to prod', isError: true } } },
    ];
    store.setMessages('g', [{ role: 'user', content: 'deploy' }, ...failing('c1'), { role: 'user', content: 'again' }, ...failing('c2')]);
    expect((await store.checkToolCall('g', { name: 'deploy', arguments: { env: 'prod' } })).verdict).toBe('block');
    expect((await store.checkToolCall('other', { name: 'deploy', arguments: { env: 'prod' } })).verdict).toBe('allow');
  });
});
