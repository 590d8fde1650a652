import { describeSessionStoreConformance } from '@cairn/core/testing';
import { describe } from 'vitest';
import { createRedisSessionStore } from './create-redis-session-store.js';
import { connectRawClient, REDIS_URL, uniquePrefix } from './test-support/redis-test-context.js';

let lastPrefix = '';

describe.skipIf(!REDIS_URL)('store-redis', () => {
  describeSessionStoreConformance('redis', {
    createStore: () => {
      lastPrefix = uniquePrefix();
      return createRedisSessionStore({ url: REDIS_URL, keyPrefix: lastPrefix });
    },
    corruptMessages: async (_store, key) => {
      const raw = await connectRawClient();
      await raw.lSet(`${lastPrefix}:{${key.tenant}}:${key.sessionId}:log`, 2, '{"id":"bad-m2","role":');
      await raw.close();
    },
  });
});
