import { describeCrystalStoreConformance } from '@cairn/core/testing';
import { describe, expect, it } from 'vitest';
import { createContextEngine, crystalStore, loadCrystal, storeCrystal } from '@cairn/core';
import { createSampleMessages } from '@cairn/core/testing';
import { createRedisSessionStore } from './create-redis-session-store.js';
import { connectRawClient, REDIS_URL, uniquePrefix } from './test-support/redis-test-context.js';

let lastPrefix = '';

describe.skipIf(!REDIS_URL)('store-redis crystals', () => {
  describeCrystalStoreConformance('redis', {
    createStore: () => {
      lastPrefix = uniquePrefix();
      return createRedisSessionStore({ url: REDIS_URL, keyPrefix: lastPrefix });
    },
    corruptCrystal: async (_store, key, id) => {
      const raw = await connectRawClient();
      await raw.hSet(`${lastPrefix}:{${key.tenant}}:${key.sessionId}:crystal:${id}`, 'data', '{"format":"cairn.cry');
      await raw.close();
    },
  });

  it('keeps a key per crystal, and reports a crystal key of the wrong type as CORRUPT_CRYSTAL', async () => {
    const prefix = uniquePrefix();
    const store = createRedisSessionStore({ url: REDIS_URL, keyPrefix: prefix });
    const key = { tenant: 'acme', sessionId: 'chat-1' };
    const engine = createContextEngine({ sessionId: key.sessionId, now: () => 1 });
    engine.ingest(createSampleMessages(8));
    const first = await storeCrystal(store, key, engine.crystallize({ tenant: key.tenant, taskState: 1 }));
    const second = await storeCrystal(store, key, engine.crystallize({ tenant: key.tenant, taskState: 2 }));
    const raw = await connectRawClient();
    expect((await raw.keys(`${prefix}:*:crystal:*`)).sort()).toEqual([`${prefix}:{acme}:chat-1:crystal:${first.id}`, `${prefix}:{acme}:chat-1:crystal:${second.id}`].sort());
    await raw.del(`${prefix}:{acme}:chat-1:crystal:${first.id}`);
    await raw.set(`${prefix}:{acme}:chat-1:crystal:${first.id}`, 'not a hash');
    await raw.close();
    await expect(loadCrystal(store, key, first.id)).rejects.toMatchObject({ code: 'CORRUPT_CRYSTAL' });
    expect(await loadCrystal(store, key, second.id)).toEqual(second);
    expect((await crystalStore(store).listCrystals(key)).map((record) => record.id)).toContain(second.id);
    await store.close?.();
  });

  it('with ttlSeconds, crystals and branch records live as long as their session: every session write refreshes them', async () => {
    const prefix = uniquePrefix();
    const store = createRedisSessionStore({ url: REDIS_URL, keyPrefix: prefix, ttlSeconds: 100 });
    const key = { tenant: 'acme', sessionId: 'chat-ttl' };
    const engine = createContextEngine({ sessionId: key.sessionId, now: () => 1 });
    engine.ingest(createSampleMessages(6));
    await store.append(key, engine.getMessages());
    const crystal = await storeCrystal(store, key, engine.crystallize({ tenant: key.tenant }));
    await store.saveBranch!(key, { name: 'explore', data: '{}' });
    const raw = await connectRawClient();
    const owned = [`${prefix}:{acme}:chat-ttl:crystal:${crystal.id}`, `${prefix}:{acme}:chat-ttl:crystals`, `${prefix}:{acme}:chat-ttl:branches`];
    for (const ownedKey of owned) {
      const pttl = await raw.pTTL(ownedKey);
      expect(pttl).toBeGreaterThan(90_000);
      expect(pttl).toBeLessThanOrEqual(100_000);
      await raw.pExpire(ownedKey, 5_000); // as if written long ago
    }
    await store.append(key, [{ id: 'later', role: 'user', content: 'one more' }]);
    for (const ownedKey of owned) expect(await raw.pTTL(ownedKey)).toBeGreaterThan(90_000);
    await raw.close();
    await store.close?.();
  });

  it('with ttlSeconds, an expired session leaves no crystal or branch key behind', async () => {
    const prefix = uniquePrefix();
    const store = createRedisSessionStore({ url: REDIS_URL, keyPrefix: prefix, ttlSeconds: 0.3 });
    const key = { tenant: 'acme', sessionId: 'short' };
    const engine = createContextEngine({ sessionId: key.sessionId, now: () => 1 });
    engine.ingest(createSampleMessages(4));
    await store.append(key, engine.getMessages());
    await storeCrystal(store, key, engine.crystallize({ tenant: key.tenant }));
    await store.saveBranch!(key, { name: 'b', data: '{}' });
    await new Promise((resolve) => setTimeout(resolve, 700));
    const raw = await connectRawClient();
    expect(await raw.keys(`${prefix}:*`)).toEqual([]);
    await raw.close();
    await store.close?.();
  });

  it('without ttlSeconds, crystals never expire', async () => {
    const prefix = uniquePrefix();
    const store = createRedisSessionStore({ url: REDIS_URL, keyPrefix: prefix });
    const key = { tenant: 'acme', sessionId: 'forever' };
    const engine = createContextEngine({ sessionId: key.sessionId, now: () => 1 });
    engine.ingest(createSampleMessages(4));
    await store.append(key, engine.getMessages());
    const crystal = await storeCrystal(store, key, engine.crystallize({ tenant: key.tenant }));
    await store.append(key, [{ id: 'later', role: 'user', content: 'one more' }]);
    const raw = await connectRawClient();
    expect(await raw.pTTL(`${prefix}:{acme}:forever:crystal:${crystal.id}`)).toBe(-1);
    expect(await raw.pTTL(`${prefix}:{acme}:forever:crystals`)).toBe(-1);
    await raw.close();
    await store.close?.();
  });
});
