import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createInMemorySessionStore, DEFAULT_MAX_MEMORY_SESSIONS } from './in-memory-session-store.js';
import type { SessionKey } from './session-store.js';

const key = (sessionId: string, tenant = 't'): SessionKey => ({ tenant, sessionId });
let counter = 0;
const message = (text: string) => ({ id: `m${++counter}`, role: 'user' as const, content: text });

describe('createInMemorySessionStore: bounded by maxSessions', () => {
  it('forgets the least recently used session past the default bound, whole, and says so', async () => {
    const evicted: SessionKey[] = [];
    const store = createInMemorySessionStore({ onEvict: (k) => evicted.push(k) });
    await store.append(key('s0'), [message('first')]);
    await store.saveCrystal!(key('s0'), { id: 'c0', createdAt: 1, ttlMs: 1000, pinned: false, data: '{}' });
    await store.saveBranch!(key('s0'), { name: 'b', data: '{}' });
    for (let i = 1; i <= DEFAULT_MAX_MEMORY_SESSIONS; i++) await store.append(key(`s${i}`), [message(`hello ${i}`)]);

    expect(evicted).toEqual([key('s0')]);
    expect(await store.load(key('s0'))).toBeUndefined();
    expect(await store.listCrystals!(key('s0'))).toEqual([]);
    expect(await store.loadBranches!(key('s0'))).toEqual([]);
    expect((await store.load(key('s1')))?.messages).toHaveLength(1);
  });

  it('counts reads as use: a session read recently outlives one written earlier', async () => {
    const store = createInMemorySessionStore({ maxSessions: 2 });
    await store.append(key('a'), [message('a')]);
    await store.append(key('b'), [message('b')]);
    await store.loadTail!(key('a'), 0);
    await store.append(key('c'), [message('c')]);
    expect(await store.load(key('a'))).toBeDefined();
    expect(await store.load(key('b'))).toBeUndefined();
  });

  it('keeps tenants apart: the bound is on (tenant, session) pairs', async () => {
    const store = createInMemorySessionStore({ maxSessions: 2 });
    await store.append(key('same', 'x'), [message('x')]);
    await store.append(key('same', 'y'), [message('y')]);
    await store.saveState(key('same', 'x'), { messageCount: 1, data: 'state' });
    await store.append(key('other', 'y'), [message('z')]);
    expect((await store.load(key('same', 'x')))?.state?.data).toBe('state');
    expect(await store.load(key('same', 'y'))).toBeUndefined();
    expect((await store.list('y')).sessionIds).toEqual(['other']);
  });

  it('never holds more than maxSessions sessions, and always keeps the one just written', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 40 }), async (max, writes) => {
        const store = createInMemorySessionStore({ maxSessions: max });
        for (const id of writes) {
          await store.append(key(`s${id}`), [message(String(id))]);
          expect(await store.load(key(`s${id}`))).toBeDefined();
          expect((await store.list('t', { limit: 100 })).sessionIds.length).toBeLessThanOrEqual(max);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('keeps every session with maxSessions: Infinity', async () => {
    const store = createInMemorySessionStore({ maxSessions: Number.POSITIVE_INFINITY });
    for (let i = 0; i < 1100; i++) await store.append(key(`s${i}`), [message('m')]);
    expect(await store.load(key('s0'))).toBeDefined();
  });

  it('throws INVALID_OPTIONS for a nonsense bound or callback', () => {
    for (const maxSessions of [0, -1, 1.5, Number.NaN, '10' as unknown as number]) {
      expect(() => createInMemorySessionStore({ maxSessions })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    }
    expect(() => createInMemorySessionStore({ onEvict: 'x' as unknown as () => void })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });

  it('delete stops tracking, so a deleted session is not reported evicted later', async () => {
    const evicted: string[] = [];
    const store = createInMemorySessionStore({ maxSessions: 1, onEvict: (k) => evicted.push(k.sessionId) });
    await store.append(key('a'), [message('a')]);
    await store.delete(key('a'));
    await store.append(key('b'), [message('b')]);
    await store.append(key('c'), [message('c')]);
    expect(evicted).toEqual(['b']);
  });
});
