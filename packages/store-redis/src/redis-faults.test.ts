import { CairnError, openSession } from '@cairn/core';
import { createSampleMessages } from '@cairn/core/testing';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisSessionStore } from './create-redis-session-store.js';
import { connectRawClient, REDIS_URL, uniquePrefix } from './test-support/redis-test-context.js';
import { startRedisServer } from './test-support/start-redis-server.js';

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe.skipIf(!REDIS_URL)('the Redis store under faults', () => {
  let raw: Awaited<ReturnType<typeof connectRawClient>>;
  beforeAll(async () => {
    raw = await connectRawClient();
  });
  afterAll(async () => {
    await raw.close();
  });

  it('keeps every session of a tenant working when the tenant’s index key is corrupt; only list reports it, and the key is left alone', async () => {
    const keyPrefix = uniquePrefix();
    const store = createRedisSessionStore({ client: raw, keyPrefix });
    const old = { tenant: 'acme', sessionId: 'old' };
    await store.append(old, createSampleMessages(4, { prefix: 'old' }));
    const index = `${keyPrefix}:{acme}:sessions`;
    await raw.del(index);
    await raw.set(index, 'not a sorted set');

    expect((await store.load(old))?.messages).toHaveLength(4);
    expect(await store.append(old, createSampleMessages(2, { prefix: 'old', start: 4 }), { expectedLength: 4 })).toEqual({ length: 6 });
    expect(await store.saveState(old, { messageCount: 6, data: 'state' })).toEqual({ version: 1 });
    const fresh = await openSession({ store, tenant: 'acme', sessionId: 'new' });
    await fresh.ingest(createSampleMessages(4, { prefix: 'new' }));
    await fresh.close();
    expect((await store.load({ tenant: 'acme', sessionId: 'new' }))?.messages).toHaveLength(4);
    expect(await store.delete({ tenant: 'acme', sessionId: 'new' })).toBe(true);

    const error = await rejectionOf(store.list('acme'));
    expect(CairnError.isInstance(error) && error.code).toBe('CORRUPT_SESSION');
    expect((error as CairnError).details).toMatchObject({ tenant: 'acme' });
    expect(await raw.get(index)).toBe('not a sorted set');
    // Other tenants are untouched.
    await store.append({ tenant: 'globex', sessionId: 's' }, createSampleMessages(1));
    expect((await store.list('globex')).sessionIds).toEqual(['s']);
  });

  it('gives a typed STORE_UNAVAILABLE, not a raw ClientOfflineError, while Redis is down, and works again when it is back', async () => {
    const server = await startRedisServer();
    const port = Number(new URL(server.url).port);
    const store = createRedisSessionStore({ url: server.url, keyPrefix: uniquePrefix() });
    const key = { tenant: 't', sessionId: 's' };
    await store.append(key, createSampleMessages(2));
    await server.stop();
    const error = await rejectionOf(store.append(key, createSampleMessages(1, { start: 2 }), { expectedLength: 2 }));
    expect(CairnError.isInstance(error) && error.code).toBe('STORE_UNAVAILABLE');
    expect((error as CairnError).details).toMatchObject({ tenant: 't', sessionId: 's' });
    expect((error as CairnError).message).toContain('"s"');
    expect((error as Error).cause).toBeInstanceOf(Error);
    const listing = await rejectionOf(store.list('t'));
    expect(CairnError.isInstance(listing) && listing.code).toBe('STORE_UNAVAILABLE');
    const again = await startRedisServer(port);
    try {
      let length: number | undefined;
      for (let attempt = 0; attempt < 50 && length === undefined; attempt += 1) {
        length = await store.append(key, createSampleMessages(1)).then(
          (result) => result.length,
          () => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 200)),
        );
      }
      expect(length).toBe(1);
    } finally {
      await store.close?.();
      await again.stop();
    }
  }, 60_000);

  it('gives STORE_UNAVAILABLE for a passed-in client that is offline, and for a server never reached', async () => {
    const server = await startRedisServer();
    const client = createClient({ url: server.url, disableOfflineQueue: true, socket: { reconnectStrategy: () => 1_000 } });
    client.on('error', () => {});
    await client.connect();
    const store = createRedisSessionStore({ client, keyPrefix: uniquePrefix() });
    await store.append({ tenant: 't', sessionId: 's' }, createSampleMessages(1));
    await server.stop();
    // Until the client has seen its socket close, a command fails as SocketClosedUnexpectedlyError
    // instead (a race a loaded machine loses): wait for the offline state this test is about.
    for (let waited = 0; client.isReady && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    const error = await rejectionOf(store.load({ tenant: 't', sessionId: 's' }));
    expect(CairnError.isInstance(error) && error.code).toBe('STORE_UNAVAILABLE');
    expect(((error as Error).cause as Error).constructor.name).toBe('ClientOfflineError');
    client.destroy();

    const nowhere = createRedisSessionStore({ url: 'redis://127.0.0.1:1', keyPrefix: uniquePrefix() });
    const unreachable = await rejectionOf(nowhere.load({ tenant: 't', sessionId: 's' }));
    expect(CairnError.isInstance(unreachable) && unreachable.code).toBe('STORE_UNAVAILABLE');
    await nowhere.close?.();
  }, 60_000);
});
