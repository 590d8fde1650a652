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
});
