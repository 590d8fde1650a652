export { createRedisSessionStore } from './create-redis-session-store.js';
export {
  DEFAULT_KEY_PREFIX,
  DEFAULT_LIST_LIMIT,
  MAX_LIST_LIMIT,
  REDIS_STORE_SCHEMA,
} from './redis-session-store-options.js';
export type { RedisSessionStoreOptions } from './redis-session-store-options.js';
export type { RedisClusterCommandClient, RedisCommandClient } from './run-redis-script.js';
export { createRedisPlaybookPool } from './redis-playbook-pool.js';
export type { RedisPlaybookPool, RedisPlaybookPoolOptions } from './redis-playbook-pool.js';
