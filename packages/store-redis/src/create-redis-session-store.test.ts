import { CairnError, openSession, type CairnMessage, type SessionKey } from '@cairn/core';
import { createSampleMessages } from '@cairn/core/testing';
import { fc, test as propertyTest } from '@fast-check/vitest';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisSessionStore } from './create-redis-session-store.js';
import { connectRawClient, REDIS_URL, uniquePrefix } from './test-support/redis-test-context.js';

function message(id: string, text = `text of ${id}`): CairnMessage {
  return { id, role: 'user', content: text };
}

function messages(prefix: string, count: number): CairnMessage[] {
  return Array.from({ length: count }, (_, index) => message(`${prefix}-${index}`));
}

async function caught(promise: Promise<unknown>): Promise<CairnError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!CairnError.isInstance(error)) throw new Error(`expected a CairnError, got ${String(error)}`);
  return error;
}

describe.skipIf(!REDIS_URL)('createRedisSessionStore (real Redis)', () => {
  let raw: RedisClientType;
  beforeAll(async () => {
    raw = await connectRawClient();
  });
  afterAll(async () => {
    await raw.close();
  });

  function newStore(ttlSeconds?: number) {
    const keyPrefix = uniquePrefix();
    return { keyPrefix, store: createRedisSessionStore({ client: raw, keyPrefix, ...(ttlSeconds === undefined ? {} : { ttlSeconds }) }) };
  }

  async function keysUnder(prefix: string): Promise<string[]> {
    return (await raw.keys(`${prefix}:*`)).sort();
  }

  it('appends, saves states and loads them back', async () => {
    const { store } = newStore();
    const key = { tenant: 'acme', sessionId: 'chat-1' };
    expect(await store.load(key)).toBeUndefined();
    const first = messages('a', 3);
    expect(await store.append(key, first)).toEqual({ length: 3 });
    expect(await store.load(key)).toEqual({ key, messages: first, state: undefined });
    expect(await store.saveState(key, { messageCount: 3, data: '{"s":1}' }, { expectedVersion: 0 })).toEqual({ version: 1 });
    const more = [{ id: 'b-0', role: 'assistant', content: [{ type: 'text', text: 'hi' }], toolCalls: [{ id: 'c1', name: 'ls', arguments: { path: '.' } }] }, { id: 'b-1', role: 'tool', content: 'x', toolCallId: 'c1', isError: true, metadata: { pinned: true } }] satisfies CairnMessage[];
    expect(await store.append(key, more, { expectedLength: 3 })).toEqual({ length: 5 });
    expect(await store.saveState(key, { messageCount: 5, data: 'two' })).toEqual({ version: 2 });
    expect(await store.load(key)).toEqual({ key, messages: [...first, ...more], state: { version: 2, messageCount: 5, data: 'two' } });
  });

  it('appends in one step batches larger than a Lua call can unpack', async () => {
    const { store } = newStore();
    const key = { tenant: 't', sessionId: 'big' };
    const batch = messages('m', 9_500);
    expect(await store.append(key, batch, { expectedLength: 0 })).toEqual({ length: 9_500 });
    const loaded = await store.load(key);
    expect(loaded?.messages.map((each) => each.id)).toEqual(batch.map((each) => each.id));
  });

  it('rejects a stale expectedLength with SESSION_CONFLICT and writes nothing', async () => {
    const { store } = newStore();
    const key = { tenant: 't', sessionId: 's' };
    await store.append(key, messages('a', 2), { expectedLength: 0 });
    const error = await caught(store.append(key, [message('late')], { expectedLength: 1 }));
    expect(error.code).toBe('SESSION_CONFLICT');
    expect(error.message).toContain('"s"');
    expect(error.details).toMatchObject({ tenant: 't', sessionId: 's', expectedLength: 1, actualLength: 2 });
    expect((await store.load(key))?.messages.map((each) => each.id)).toEqual(['a-0', 'a-1']);
    expect((await caught(store.append({ tenant: 't', sessionId: 'new' }, [message('x')], { expectedLength: 1 }))).code).toBe('SESSION_CONFLICT');
    expect(await store.load({ tenant: 't', sessionId: 'new' })).toBeUndefined();
  });

  it('lets exactly one of many racing appends with the same expectedLength win', async () => {
    const { store } = newStore();
    const key = { tenant: 't', sessionId: 'race' };
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, writer) => store.append(key, [message(`w${writer}`)], { expectedLength: 0 })));
    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const result of results) if (result.status === 'rejected') expect((result.reason as CairnError).code).toBe('SESSION_CONFLICT');
    expect((await store.load(key))?.messages).toHaveLength(1);
  });

  it('rejects a stale expectedVersion with SESSION_CONFLICT and keeps the stored state', async () => {
    const { store } = newStore();
    const key = { tenant: 't', sessionId: 's' };
    await store.append(key, messages('a', 1));
    await store.saveState(key, { messageCount: 1, data: 'v1' }, { expectedVersion: 0 });
    const error = await caught(store.saveState(key, { messageCount: 1, data: 'lost?' }, { expectedVersion: 0 }));
    expect(error.code).toBe('SESSION_CONFLICT');
    expect(error.details).toMatchObject({ expectedVersion: 0, actualVersion: 1 });
    expect((await store.load(key))?.state).toEqual({ version: 1, messageCount: 1, data: 'v1' });
    const racing = await Promise.allSettled([1, 2, 3, 4].map((writer) => store.saveState(key, { messageCount: 1, data: `w${writer}` }, { expectedVersion: 1 })));
    expect(racing.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await store.load(key))?.state?.version).toBe(2);
  });

  it('keeps tenants apart, even when ids contain the separator', async () => {
    const { store, keyPrefix } = newStore();
    const pairs: SessionKey[] = [
      { tenant: 'a', sessionId: 'b:c' },
      { tenant: 'a:b', sessionId: 'c' },
      { tenant: 'b', sessionId: 'b:c' },
      { tenant: 'a', sessionId: 'sessions' },
      { tenant: 'a', sessionId: 'x:log' },
      { tenant: 'a', sessionId: 'x' },
    ];
    for (const [index, key] of pairs.entries()) await store.append(key, [message(`only-${index}`)]);
    for (const [index, key] of pairs.entries()) expect((await store.load(key))?.messages).toEqual([message(`only-${index}`)]);
    expect((await store.list('a')).sessionIds).toEqual(['b:c', 'sessions', 'x', 'x:log']);
    expect((await store.list('a:b')).sessionIds).toEqual(['c']);
    expect(await store.load({ tenant: 'c', sessionId: 'b:c' })).toBeUndefined();
    expect(await keysUnder(keyPrefix)).toContain(`${keyPrefix}:{a:b}:c:log`);
  });

  it('rejects key-injection attempts with INVALID_SESSION_KEY before touching Redis', async () => {
    const { store, keyPrefix } = newStore();
    const bad = ['', 'a*', 'x}:y', '{t}', 'a b', 'a\nb', 'a\r\nFLUSHALL', '../x', 'a..b', 'é', 'x'.repeat(129), '[ab]', 'a?'];
    for (const value of bad) {
      for (const key of [{ tenant: value, sessionId: 's' }, { tenant: 't', sessionId: value }]) {
        for (const call of [store.load(key), store.append(key, [message('m')]), store.saveState(key, { messageCount: 0, data: '' }), store.delete(key)]) {
          expect((await caught(call)).code).toBe('INVALID_SESSION_KEY');
        }
      }
      expect((await caught(store.list(value))).code).toBe('INVALID_SESSION_KEY');
      expect((await caught(store.list('t', { after: value }))).code).toBe('INVALID_SESSION_KEY');
    }
    expect((await caught(store.load(null as unknown as SessionKey))).code).toBe('INVALID_SESSION_KEY');
    expect(await keysUnder(keyPrefix)).toEqual([]);
  });

  propertyTest.prop([fc.string({ minLength: 1, maxLength: 20 })], { numRuns: 60 })('accepts exactly the ids the key rule allows, and stores them apart', async (id) => {
    const { store } = newStore();
    const allowed = /^[A-Za-z0-9._:@-]{1,128}$/.test(id) && !id.includes('..');
    const key = { tenant: 'p', sessionId: id };
    if (!allowed) {
      expect((await caught(store.append(key, [message('m')]))).code).toBe('INVALID_SESSION_KEY');
      return;
    }
    await store.append(key, [message(id)]);
    await store.append({ tenant: 'p', sessionId: `${id}-other` }, [message('other')]);
    expect((await store.load(key))?.messages).toEqual([message(id)]);
  });

  propertyTest.prop([fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 8 })], { numRuns: 25 })(
    'a sequence of appends loads back as their concatenation, in order',
    async (sizes) => {
      const { store } = newStore();
      const key = { tenant: 't', sessionId: 'seq' };
      const all: CairnMessage[] = [];
      for (const [batch, size] of sizes.entries()) {
        const next = messages(`b${batch}`, size);
        expect(await store.append(key, next, { expectedLength: all.length })).toEqual({ length: all.length + size });
        all.push(...next);
      }
      const loaded = await store.load(key);
      expect(loaded?.messages ?? []).toEqual(all);
    },
  );

  it('lists a tenant page by page, in byte order, without deleted sessions', async () => {
    const { store } = newStore();
    const ids = Array.from({ length: 23 }, (_, index) => `s-${String(index).padStart(2, '0')}`).reverse();
    for (const id of ids) await store.append({ tenant: 'acme', sessionId: id }, [message('m')]);
    await store.append({ tenant: 'other', sessionId: 'zzz' }, [message('m')]);
    await store.delete({ tenant: 'acme', sessionId: 's-05' });
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const result = await store.list('acme', { limit: 10, ...(after === undefined ? {} : { after }) });
      seen.push(...result.sessionIds);
      expect(result.sessionIds.length).toBeLessThanOrEqual(10);
      if (result.next === undefined) break;
      after = result.next;
    }
    expect(seen).toEqual(ids.filter((id) => id !== 's-05').sort());
    expect(await store.list('nobody')).toEqual({ sessionIds: [] });
    expect((await caught(store.list('acme', { limit: 0 }))).code).toBe('INVALID_OPTIONS');
  });

  it('deletes a session and says whether it existed', async () => {
    const { store, keyPrefix } = newStore();
    const key = { tenant: 't', sessionId: 's' };
    await store.append(key, [message('m')]);
    await store.saveState(key, { messageCount: 1, data: 'd' });
    expect(await store.delete(key)).toBe(true);
    expect(await store.delete(key)).toBe(false);
    expect(await store.load(key)).toBeUndefined();
    expect(await keysUnder(keyPrefix)).toEqual([]);
  });

  it('expires a session after ttlSeconds, refreshed by every write', async () => {
    const { store, keyPrefix } = newStore(0.6);
    const key = { tenant: 't', sessionId: 'short' };
    await store.append(key, [message('m0')]);
    const pttl = await raw.pTTL(`${keyPrefix}:{t}:short:log`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(600);
    expect(await raw.pTTL(`${keyPrefix}:{t}:sessions`)).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await store.saveState(key, { messageCount: 1, data: 'd' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await store.load(key))?.messages).toEqual([message('m0')]);
    expect((await store.list('t')).sessionIds).toEqual(['short']);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await store.load(key)).toBeUndefined();
    expect(await store.list('t')).toEqual({ sessionIds: [] });
    expect(await keysUnder(keyPrefix)).toEqual([]);
  });

  it('keeps sessions without ttlSeconds forever', async () => {
    const { store, keyPrefix } = newStore();
    await store.append({ tenant: 't', sessionId: 's' }, [message('m')]);
    await store.saveState({ tenant: 't', sessionId: 's' }, { messageCount: 1, data: 'd' });
    for (const suffix of ['s:log', 's:state', 'sessions']) expect(await raw.pTTL(`${keyPrefix}:{t}:${suffix}`)).toBe(-1);
  });

  it('reports a malformed log element as CORRUPT_SESSION naming the session; other sessions keep working', async () => {
    const { store, keyPrefix } = newStore();
    const broken = { tenant: 't', sessionId: 'broken' };
    const fine = { tenant: 't', sessionId: 'fine' };
    await store.append(broken, messages('a', 3));
    await store.append(fine, messages('b', 2));
    await raw.lSet(`${keyPrefix}:{t}:broken:log`, 1, '{"id": "a-1", "role": "us');
    const error = await caught(store.load(broken));
    expect(error.code).toBe('CORRUPT_SESSION');
    expect(error.message).toContain('"broken"');
    expect(error.message).toContain('message 1');
    expect(error.details).toMatchObject({ tenant: 't', sessionId: 'broken' });
    expect((await store.load(fine))?.messages).toEqual(messages('b', 2));
    await raw.lSet(`${keyPrefix}:{t}:broken:log`, 1, '{"id": 7, "role": "user", "content": "x"}');
    expect((await caught(store.load(broken))).message).toContain('message 1');
    expect(await store.append(fine, [message('b-2')], { expectedLength: 2 })).toEqual({ length: 3 });
    expect((await store.list('t')).sessionIds).toEqual(['broken', 'fine']);
    expect(await store.delete(broken)).toBe(true);
  });

  it('never hides acknowledged messages when a state hash’s messageCount is tampered: the reopened session catches up from the log', async () => {
    const { keyPrefix, store } = newStore();
    const sample = createSampleMessages(20, { prefix: 'tamper' });
    const session = await openSession({ store, tenant: 'acme', sessionId: 'tamper', checkpointEvery: 1_000 });
    await session.ingest(sample.slice(0, 10));
    await session.checkpoint();
    await session.ingest(sample.slice(10));
    // A crash: the state covers 10 messages, the log holds 20. Then the hash is tampered.
    await raw.hSet(`${keyPrefix}:{acme}:tamper:state`, 'messageCount', '20');
    const reopened = await openSession({ store, tenant: 'acme', sessionId: 'tamper' });
    expect(reopened.engine.getMessages().map((entry) => entry.id)).toEqual(sample.map((entry) => entry.id));
    await reopened.close();
  });

  it('reports an unknown schema version as CORRUPT_SESSION and writes nothing to that session', async () => {
    const { store, keyPrefix } = newStore();
    const key = { tenant: 't', sessionId: 'future' };
    await store.append(key, messages('a', 2));
    await raw.hSet(`${keyPrefix}:{t}:future:state`, 'schema', '99');
    for (const call of [store.load(key), store.append(key, [message('x')]), store.saveState(key, { messageCount: 2, data: 'd' })]) {
      const error = await caught(call);
      expect(error.code).toBe('CORRUPT_SESSION');
      expect(error.message).toContain('"future"');
      expect(error.message).toContain("'99'");
    }
    expect(await raw.lLen(`${keyPrefix}:{t}:future:log`)).toBe(2);
    expect(await raw.hGetAll(`${keyPrefix}:{t}:future:state`)).toEqual({ schema: '99' });
  });

  it('reports foreign data under a session key (wrong type, no marker, bad state) as CORRUPT_SESSION', async () => {
    const { store, keyPrefix } = newStore();
    await raw.set(`${keyPrefix}:{t}:string:log`, 'hello');
    await raw.rPush(`${keyPrefix}:{t}:nomarker:log`, JSON.stringify(message('m')));
    await store.append({ tenant: 't', sessionId: 'badstate' }, [message('m')]);
    await raw.hSet(`${keyPrefix}:{t}:badstate:state`, { version: 'x', messageCount: '1', data: 'd' });
    await store.append({ tenant: 't', sessionId: 'badcount' }, [message('m')]);
    await raw.hSet(`${keyPrefix}:{t}:badcount:state`, { version: '1', messageCount: '-3', data: 'd' });
    for (const sessionId of ['string', 'nomarker', 'badstate', 'badcount']) {
      const error = await caught(store.load({ tenant: 't', sessionId }));
      expect(error.code).toBe('CORRUPT_SESSION');
      expect(error.details).toMatchObject({ sessionId });
    }
    expect((await caught(store.saveState({ tenant: 't', sessionId: 'badstate' }, { messageCount: 1, data: 'd' }))).code).toBe('CORRUPT_SESSION');
    expect(await raw.get(`${keyPrefix}:{t}:string:log`)).toBe('hello');
  });

  it('refuses messages and options it could not read back, writing nothing', async () => {
    const { store, keyPrefix } = newStore();
    const key = { tenant: 't', sessionId: 's' };
    await store.append(key, [message('kept')]);
    const cyclic: Record<string, unknown> = { id: 'c', role: 'user', content: 'x' };
    cyclic.metadata = { self: cyclic };
    for (const bad of [[{ id: 1, role: 'user', content: 'x' }], [{ id: 'x', role: 'robot', content: 'x' }], [cyclic], [null]]) {
      expect((await caught(store.append(key, [message('ok'), ...(bad as unknown as CairnMessage[])]))).code).toBe('INVALID_MESSAGE');
    }
    expect((await caught(store.append(key, [message('m')], { expectedLength: -1 }))).code).toBe('INVALID_OPTIONS');
    expect((await caught(store.saveState(key, { messageCount: 1.5, data: 'd' }))).code).toBe('INVALID_OPTIONS');
    expect((await caught(store.saveState(key, { messageCount: 1, data: 7 as unknown as string }))).code).toBe('INVALID_OPTIONS');
    expect((await caught(store.saveState(key, { messageCount: 2, data: 'ahead of the log' }))).code).toBe('SESSION_CONFLICT');
    expect(await store.load(key)).toEqual({ key, messages: [message('kept')], state: undefined });
    expect(await keysUnder(keyPrefix)).toEqual([`${keyPrefix}:{t}:s:log`, `${keyPrefix}:{t}:s:state`, `${keyPrefix}:{t}:sessions`]);
  });

  it('validates its options when created', () => {
    expect(() => createRedisSessionStore({})).toThrow(/exactly one of/);
    expect(() => createRedisSessionStore({ url: REDIS_URL, client: raw })).toThrow(/exactly one of/);
    expect(() => createRedisSessionStore({ url: REDIS_URL, keyPrefix: 'a{b}' })).toThrow(/keyPrefix/);
    expect(() => createRedisSessionStore({ url: REDIS_URL, ttlSeconds: 0 })).toThrow(/ttlSeconds/);
    expect(() => createRedisSessionStore({ url: REDIS_URL, ttlSeconds: Number.NaN })).toThrow(/ttlSeconds/);
  });

  it('validates the cluster options when created (exactly one connection option; root node URLs)', () => {
    expect(() => createRedisSessionStore({ url: REDIS_URL, clusterUrls: ['redis://127.0.0.1:7000'] })).toThrow(/exactly one of/);
    expect(() => createRedisSessionStore({ client: raw, cluster: { sendCommand: async () => null } })).toThrow(/exactly one of/);
    expect(() => createRedisSessionStore({ clusterUrls: [] })).toThrow(/clusterUrls/);
    expect(() => createRedisSessionStore({ clusterUrls: [''] })).toThrow(/clusterUrls/);
    expect(() => createRedisSessionStore({ cluster: {} as never })).toThrow(/cluster/);
    for (const options of [{ clusterUrls: [] }, { cluster: {} as never }]) {
      let error: unknown;
      try {
        createRedisSessionStore(options);
      } catch (caughtError) {
        error = caughtError;
      }
      expect(CairnError.isInstance(error) && error.code).toBe('INVALID_OPTIONS');
    }
  });

  it('closes a client it created, never one it was given', async () => {
    const keyPrefix = uniquePrefix();
    const owned = createRedisSessionStore({ url: REDIS_URL, keyPrefix });
    await owned.append({ tenant: 't', sessionId: 's' }, [message('m')]);
    await owned.close?.();
    expect((await caught(owned.load({ tenant: 't', sessionId: 's' }))).message).toMatch(/closed/);
    const shared = createRedisSessionStore({ client: raw, keyPrefix });
    await shared.close?.();
    expect(raw.isOpen).toBe(true);
    expect((await shared.load({ tenant: 't', sessionId: 's' }))?.messages).toEqual([message('m')]);
    await createRedisSessionStore({ url: REDIS_URL }).close?.();
  });

  it('works on a client speaking RESP3', async () => {
    const resp3 = createClient({ url: REDIS_URL, RESP: 3 });
    await resp3.connect();
    try {
      const store = createRedisSessionStore({ client: resp3, keyPrefix: uniquePrefix() });
      const key = { tenant: 't', sessionId: 'resp3' };
      await store.append(key, messages('r', 3), { expectedLength: 0 });
      await store.saveState(key, { messageCount: 3, data: 'd' }, { expectedVersion: 0 });
      expect(await store.load(key)).toEqual({ key, messages: messages('r', 3), state: { version: 1, messageCount: 3, data: 'd' } });
      expect((await caught(store.append(key, [message('x')], { expectedLength: 0 }))).code).toBe('SESSION_CONFLICT');
      await store.append({ tenant: 't', sessionId: 'resp3-b' }, [message('m')]);
      expect(await store.list('t', { limit: 1 })).toEqual({ sessionIds: ['resp3'], next: 'resp3' });
    } finally {
      await resp3.close();
    }
  });

  it('rejects calls while Redis is unreachable, and does not hang', async () => {
    const store = createRedisSessionStore({ url: 'redis://127.0.0.1:1', keyPrefix: uniquePrefix() });
    await expect(store.load({ tenant: 't', sessionId: 's' })).rejects.toThrow();
    await expect(store.load({ tenant: 't', sessionId: 's' })).rejects.toThrow();
    await store.close?.();
  });

  it('works again after the server forgot its scripts (SCRIPT FLUSH)', async () => {
    const { store } = newStore();
    await store.append({ tenant: 't', sessionId: 's' }, [message('m')]);
    await raw.scriptFlush();
    expect(await store.append({ tenant: 't', sessionId: 's' }, [message('n')], { expectedLength: 1 })).toEqual({ length: 2 });
  });
});
