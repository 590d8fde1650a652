import { describeBranchStoreConformance } from '@cairn/core/testing';
import { describe } from 'vitest';
import { createRedisSessionStore } from './create-redis-session-store.js';
import { REDIS_URL, uniquePrefix } from './test-support/redis-test-context.js';

const prefixes = new WeakMap<object, string>();

describe.skipIf(!REDIS_URL)('store-redis branches', () => {
  describeBranchStoreConformance('redis', {
    createStore: () => {
      const keyPrefix = uniquePrefix();
      const store = createRedisSessionStore({ url: REDIS_URL, keyPrefix });
      prefixes.set(store, keyPrefix);
      return store;
    },
    // A second connection with the same prefix: another app server, or the same one restarted.
    reopenStore: (store) => createRedisSessionStore({ url: REDIS_URL, keyPrefix: prefixes.get(store)! }),
  });
});
