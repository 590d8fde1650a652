import { describe, expect, it } from 'vitest';
import { CairnError } from '../log/index.js';
import { createInMemorySessionStore } from './in-memory-session-store.js';
import { DEFAULT_TENANT, openSession } from './open-session.js';
import type { SessionStore } from './session-store.js';
import { createSampleMessages } from '../testing/create-sample-messages.js';
import { createCharTokenCounter } from '../log/index.js';

const tokenCounter = createCharTokenCounter();

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return CairnError.isInstance(error) ? error.code : `not a CairnError: ${String(error)}`;
  }
}

/** An in-memory store that counts saves and can be told to fail them. */
function countingStore(): SessionStore & { saves: number; failSaves: boolean } {
  const inner = createInMemorySessionStore();
  const store = {
    saves: 0,
    failSaves: false,
    load: inner.load.bind(inner),
    append: inner.append.bind(inner),
    list: inner.list.bind(inner),
    delete: inner.delete.bind(inner),
    async saveState(...args: Parameters<SessionStore['saveState']>) {
      if (store.failSaves) throw new Error('disk full');
      store.saves++;
      return inner.saveState(...args);
    },
  };
  return store;
}

describe('openSession', () => {
  it('creates a session in the default tenant of a new in-memory store, and validates its options', async () => {
    const session = await openSession({ sessionId: 'chat-1', tokenCounter });
    expect(session.key).toEqual({ tenant: DEFAULT_TENANT, sessionId: 'chat-1' });
    expect(session.engine.sessionId).toBe('chat-1');
    expect(await codeOf(openSession({ sessionId: 'a/b' }))).toBe('INVALID_SESSION_KEY');
    expect(await codeOf(openSession({ sessionId: 'ok', tenant: '..' }))).toBe('INVALID_SESSION_KEY');
    expect(await codeOf(openSession({ sessionId: 'ok', checkpointEvery: 0 }))).toBe('INVALID_OPTIONS');
    expect(await codeOf(openSession({ sessionId: 'ok', maxConflictRetries: -1 }))).toBe('INVALID_OPTIONS');
    expect(await codeOf(openSession(undefined as never))).toBe('INVALID_OPTIONS');
  });

  it('stores every ingested message before the engine sees it; a bad batch writes nothing anywhere', async () => {
    const store = createInMemorySessionStore();
    const session = await openSession({ store, tenant: 'acme', sessionId: 's', tokenCounter });
    const messages = createSampleMessages(4);
    expect(await session.ingest(messages.slice(0, 2))).toMatchObject({ added: 2, total: 2 });
    expect(await codeOf(session.ingest([messages[2]!, { id: 'm-m0', role: 'user', content: 'dup' }]))).toBe('DUPLICATE_MESSAGE_ID');
    expect(await codeOf(session.ingest([{ id: 'x', role: 'robot' } as never]))).toBe('INVALID_MESSAGE');
    expect((await store.load(session.key))?.messages).toHaveLength(2);
    expect(session.engine.getMessages()).toHaveLength(2);
    await session.ingest(messages[2]!);
    expect((await store.load(session.key))?.messages.map((message) => message.id)).toEqual(['m-m0', 'm-m1', 'm-m2']);
  });

  it('saves the state after an assemble once checkpointEvery messages arrived, and only when something changed', async () => {
    const store = countingStore();
    const session = await openSession({ store, sessionId: 's', tokenCounter, checkpointEvery: 5 });
    const messages = createSampleMessages(10);
    await session.ingest(messages.slice(0, 3));
    session.assemble();
    await session.ingest([]);
    expect(store.saves).toBe(0);
    await session.ingest(messages.slice(3, 6));
    session.assemble();
    await session.ingest([]); // waits for the background checkpoint queued before it
    expect(store.saves).toBe(1);
    expect((await store.load(session.key))?.state?.messageCount).toBe(6);
    await session.checkpoint();
    expect(store.saves).toBe(1);
    await session.ingest(messages.slice(6, 7));
    await session.checkpoint();
    expect(store.saves).toBe(2);
    await session.close();
    expect(store.saves).toBe(2);
  });

  it('reports a failed background checkpoint to onCheckpointError and loses no message; the next checkpoint retries', async () => {
    const store = countingStore();
    const errors: unknown[] = [];
    const session = await openSession({ store, sessionId: 's', tokenCounter, checkpointEvery: 1, onCheckpointError: (error) => errors.push(error) });
    store.failSaves = true;
    await session.ingest(createSampleMessages(2));
    session.assemble();
    await session.ingest([]);
    expect(errors).toHaveLength(1);
    expect((await store.load(session.key))?.messages).toHaveLength(2);
    await expect(session.checkpoint()).rejects.toThrow('disk full');
    store.failSaves = false;
    await session.close();
    expect((await store.load(session.key))?.state?.messageCount).toBe(2);
  });

  it('refuses to ingest after close', async () => {
    const session = await openSession({ sessionId: 's', tokenCounter });
    await session.close();
    await session.close();
    expect(await codeOf(session.ingest(createSampleMessages(1)))).toBe('INVALID_OPTIONS');
  });

  it('two writers of one session lose nothing: a stale writer catches up with the other’s messages, then appends', async () => {
    const store = createInMemorySessionStore();
    const first = await openSession({ store, sessionId: 'shared', tokenCounter });
    const second = await openSession({ store, sessionId: 'shared', tokenCounter });
    const messages = createSampleMessages(8);
    await first.ingest(messages.slice(0, 2));
    await second.ingest(messages.slice(2, 4));
    await first.ingest(messages.slice(4, 6));
    await Promise.all([first.ingest(messages[6]!), second.ingest(messages[7]!)]);
    const stored = (await store.load(first.key))!.messages.map((message) => message.id);
    expect([...stored].sort()).toEqual(messages.map((message) => message.id).sort());
    expect(stored.slice(0, 6)).toEqual(messages.slice(0, 6).map((message) => message.id));
    // Each engine holds exactly what the store held when it last appended.
    expect(first.engine.getMessages().map((message) => message.id)).toEqual(stored.slice(0, first.engine.getMessages().length));
    expect(second.engine.getMessages().map((message) => message.id)).toEqual(stored.slice(0, second.engine.getMessages().length));
    // A message the other writer already stored is a duplicate after catching up: nothing is written.
    expect(await codeOf(second.ingest({ id: 'm-m0', role: 'user', content: 'again' }))).toBe('DUPLICATE_MESSAGE_ID');
    expect((await store.load(first.key))!.messages).toHaveLength(8);
    // Both save states; the later save sees a newer version and still lands (it covers more).
    await first.checkpoint();
    await second.ingest([]);
    await second.checkpoint();
    expect((await store.load(first.key))!.state?.version).toBe(2);
  });

  it('works with a store without loadTail: catching up, strict tool results from another writer and state conflicts fall back to load', async () => {
    const store = countingStore();
    expect('loadTail' in store).toBe(false);
    const strict = { store, sessionId: 'fallback', tokenCounter, onInvalidToolStructure: 'throw' as const };
    const first = await openSession(strict);
    const second = await openSession(strict);
    await first.ingest([
      { id: 'u1', role: 'user', content: 'Run the tests.' },
      { id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: 'call-1', name: 'run_tests', arguments: {} }] },
    ]);
    await second.ingest({ id: 't1', role: 'tool', toolCallId: 'call-1', name: 'run_tests', content: '12 passed' });
    await first.ingest({ id: 'u2', role: 'user', content: 'Thanks.' });
    expect(first.engine.getMessages().map((message) => message.id)).toEqual(['u1', 'a1', 't1', 'u2']);
    await second.checkpoint();
    await first.checkpoint();
    expect((await store.load(first.key))!.state).toMatchObject({ version: 2, messageCount: 4 });
  });

  it('gives up with SESSION_CONFLICT when the session was deleted under it', async () => {
    const store = createInMemorySessionStore();
    const session = await openSession({ store, sessionId: 'gone', tokenCounter });
    await session.ingest(createSampleMessages(2));
    await store.delete(session.key);
    expect(await codeOf(session.ingest(createSampleMessages(1, { start: 2 })))).toBe('SESSION_CONFLICT');
    expect(await store.load(session.key)).toBeUndefined();
  });

  it('rejects with SESSION_CONFLICT after maxConflictRetries when other writers keep winning', async () => {
    const inner = createInMemorySessionStore();
    let other = 0;
    // Another writer appends right before each of our appends.
    const store: SessionStore = {
      ...inner,
      load: inner.load.bind(inner),
      async append(key, messages, options) {
        await inner.append(key, [{ id: `other-${other++}`, role: 'user', content: 'x' }]);
        return inner.append(key, messages, options);
      },
    };
    const session = await openSession({ store, sessionId: 'busy', tokenCounter, maxConflictRetries: 2 });
    expect(await codeOf(session.ingest(createSampleMessages(1)))).toBe('SESSION_CONFLICT');
    expect(other).toBe(3);
    expect((await inner.load(session.key))!.messages.map((message) => message.id)).toEqual(['other-0', 'other-1', 'other-2']);
  });

  it('reloads a session saved mid-way: state plus the log tail, every message in order', async () => {
    const store = createInMemorySessionStore();
    const session = await openSession({ store, sessionId: 's', tokenCounter, checkpointEvery: 1000 });
    const messages = createSampleMessages(12);
    await session.ingest(messages.slice(0, 6));
    await session.checkpoint();
    await session.ingest(messages.slice(6));
    // No close: the state covers 6 of 12 messages.
    expect((await store.load(session.key))!.state?.messageCount).toBe(6);
    const again = await openSession({ store, sessionId: 's', tokenCounter });
    expect(again.engine.getMessages().map((message) => message.id)).toEqual(messages.map((message) => message.id));
  });
});
