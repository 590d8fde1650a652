import { describe, expect, it } from 'vitest';
import { createInMemorySessionStore, type SessionStore } from '@cairn/core';
import { runStoreLoad } from './run-store-load.js';

describe('runStoreLoad', () => {
  it('writes sessions × messages in small appends and measures the long session', async () => {
    const store = createInMemorySessionStore();
    const result = await runStoreLoad({ store, sessions: 5, messagesPerSession: 13, loadSessionSize: 40, loadRepeats: 2, measureBytes: () => 1_000 });
    expect(result).toMatchObject({ sessions: 5, messages: 65, loadSessionMessages: 40, storeBytesPerSession: 200 });
    // Batches of 1, 2, 3, 1, 2, 3, 1 messages: 7 appends per session.
    expect(result.appends).toBe(35);
    expect(result.appendsPerSecond).toBeGreaterThan(0);
    for (let index = 0; index < 5; index++) {
      const loaded = await store.load({ tenant: 'load', sessionId: `session-${index}` });
      expect(loaded?.messages.map((message) => message.id)).toEqual(Array.from({ length: 13 }, (_, position) => `s${index}-${position}`));
    }
    expect((await store.load({ tenant: 'load', sessionId: 'long-session' }))?.state?.messageCount).toBe(40);
  });

  it('fails loudly when the store loses messages', async () => {
    const inner = createInMemorySessionStore();
    const lossy: SessionStore = { ...inner, load: async (key) => {
      const loaded = await inner.load(key);
      return loaded && { ...loaded, messages: loaded.messages.slice(1) };
    } };
    await expect(runStoreLoad({ store: lossy, sessions: 2, messagesPerSession: 3, loadSessionSize: 10, loadRepeats: 1 })).rejects.toThrow(/came back with 9 messages/);
  });
});
