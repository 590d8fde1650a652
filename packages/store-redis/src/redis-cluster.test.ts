import { openSession, type CairnMessage } from '@cairn/core';
import { createSampleMessages, describeSessionStoreConformance } from '@cairn/core/testing';
import type { RedisClusterType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisSessionStore } from './create-redis-session-store.js';
import { redisSessionKeys } from './redis-session-keys.js';
import { CLUSTER_URLS, connectRawCluster } from './test-support/redis-cluster-context.js';
import { uniquePrefix } from './test-support/redis-test-context.js';
import { startWriterProcess } from './test-support/start-writer-process.js';

if (CLUSTER_URLS.length === 0) {
  console.warn('\n!! store-redis: SKIPPING the Redis Cluster tests: CAIRN_REDIS_CLUSTER_URLS is not set (root node URLs, comma-separated; .ci/run starts a 3-primary cluster and sets it).\n');
}

let lastPrefix = '';

describe.skipIf(CLUSTER_URLS.length === 0)('store-redis on a Redis Cluster (CAIRN_REDIS_CLUSTER_URLS; skipped when unset)', () => {
  let raw: RedisClusterType;
  beforeAll(async () => {
    raw = await connectRawCluster();
  });
  afterAll(async () => {
    await raw.close();
  });

  describeSessionStoreConformance('redis cluster', {
    createStore: () => {
      lastPrefix = uniquePrefix();
      return createRedisSessionStore({ clusterUrls: CLUSTER_URLS, keyPrefix: lastPrefix });
    },
    corruptMessages: async (_store, key) => {
      const log = redisSessionKeys(lastPrefix, key).log;
      await raw.sendCommand(log, false, ['LSET', log, '2', '{"id":"bad-m2","role":']);
    },
  });

  it('keeps a session’s keys and its tenant’s index in one slot, and spreads tenants over the primaries', async () => {
    const keyPrefix = uniquePrefix();
    const slotOf = async (key: string): Promise<number> => Number(await raw.sendCommand(key, true, ['CLUSTER', 'KEYSLOT', key]));
    const tenants = Array.from({ length: 12 }, (_, index) => `tenant-${index}`);
    const slots = new Set<number>();
    for (const tenant of tenants) {
      const keys = redisSessionKeys(keyPrefix, { tenant, sessionId: 'chat-1' });
      const slot = await slotOf(keys.log);
      expect([await slotOf(keys.state), await slotOf(keys.index)]).toEqual([slot, slot]);
      slots.add(slot);
    }
    const store = createRedisSessionStore({ cluster: raw, keyPrefix });
    for (const tenant of tenants) await store.append({ tenant, sessionId: 'chat-1' }, createSampleMessages(2, { prefix: tenant }));
    let primariesWithKeys = 0;
    for (const master of raw.masters) {
      const node = await raw.nodeClient(master);
      if ((await node.keys(`${keyPrefix}:*`)).length > 0) primariesWithKeys += 1;
    }
    expect(raw.masters.length).toBeGreaterThanOrEqual(3);
    expect(primariesWithKeys).toBeGreaterThanOrEqual(2);
    for (const tenant of tenants) expect((await store.list(tenant)).sessionIds).toEqual(['chat-1']);
  });

  it('two processes appending to one session on the cluster concurrently lose nothing', async () => {
    const keyPrefix = uniquePrefix();
    const key = { tenant: 'acme', sessionId: 'two-processes' };
    const perWriter = 100;
    const writers = ['alpha', 'beta'].map((writer) => startWriterProcess({ clusterUrls: CLUSTER_URLS, kind: 'append', keyPrefix, ...key, writer, count: perWriter }));
    await Promise.all(writers.map((writer) => writer.ready));
    for (const writer of writers) writer.child.stdin.end('go\n');
    const outputs = await Promise.all(writers.map((writer) => writer.done));
    const conflicts = outputs.map((lines) => (JSON.parse(lines.at(-1) ?? '{}') as { conflicts: number }).conflicts);
    const store = createRedisSessionStore({ cluster: raw, keyPrefix });
    const ids = (await store.load(key))?.messages.map((message) => message.id) ?? [];
    expect(ids).toHaveLength(2 * perWriter);
    for (const writer of ['alpha', 'beta']) expect(ids.filter((id) => id.startsWith(`${writer}-`))).toEqual(Array.from({ length: perWriter }, (_, index) => `${writer}-m${index}`));
    console.info(`two-process race on the cluster: ${conflicts.join(' + ')} conflicts caught up and retried`);
  }, 120_000);

  it('lets many writers (one store and cluster client each, as separate servers) share a session without losing or reordering a message', async () => {
    const keyPrefix = uniquePrefix();
    const key = { tenant: 'acme', sessionId: 'shared' };
    const writers = 4;
    const perWriter = 25;
    const stores = Array.from({ length: writers }, () => createRedisSessionStore({ clusterUrls: CLUSTER_URLS, keyPrefix }));
    try {
      const sessions = await Promise.all(stores.map((store) => openSession({ store, ...key, checkpointEvery: 5, maxConflictRetries: 10_000 })));
      const own = (writer: number): CairnMessage[] =>
        Array.from({ length: perWriter }, (_, index) => ({ id: `w${writer}-${index}`, role: 'user', content: `writer ${writer} note ${index}` }));
      await Promise.all(
        sessions.map(async (session, writer) => {
          for (const message of own(writer)) {
            await session.ingest(message);
            session.assemble();
          }
        }),
      );
      await Promise.all(sessions.map((session) => session.close()));
      const ids = (await stores[0]!.load(key))!.messages.map((message) => message.id);
      expect(ids).toHaveLength(writers * perWriter);
      expect(new Set(ids).size).toBe(writers * perWriter);
      for (let writer = 0; writer < writers; writer++) expect(ids.filter((id) => id.startsWith(`w${writer}-`))).toEqual(own(writer).map((message) => message.id));
      const reopened = await openSession({ store: stores[1]!, ...key });
      expect(reopened.engine.getMessages().map((message) => message.id)).toEqual(ids);
    } finally {
      await Promise.all(stores.map((store) => store.close?.()));
    }
  });
});
