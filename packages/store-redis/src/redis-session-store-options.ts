import type { RedisClusterCommandClient, RedisCommandClient } from './run-redis-script.js';

/** The default first part of every key the store writes. */
export const DEFAULT_KEY_PREFIX = 'cairn';

/** The default page size of `list`. */
export const DEFAULT_LIST_LIMIT = 100;

/** The largest page size `list` accepts. */
export const MAX_LIST_LIMIT = 1000;

/**
 * The store schema version written into every session's state hash (`schema` field). A session
 * marked with another version is reported as `CORRUPT_SESSION` instead of being misread.
 */
export const REDIS_STORE_SCHEMA = '1';

/**
 * Options for {@link createRedisSessionStore}. Pass exactly one of `client`, `url` (one Redis
 * server) and `cluster`, `clusterUrls` (a Redis Cluster).
 */
export interface RedisSessionStoreOptions {
  /**
   * A connected node-redis client (`createClient()` from `redis`, already `connect()`ed). The
   * store only sends commands on it and never closes it; use this to share one connection.
   */
  readonly client?: RedisCommandClient;
  /**
   * A Redis URL (`redis://host:port/db`). The store creates its own client, connects on first
   * use and closes it in `close()`.
   */
  readonly url?: string;
  /**
   * A connected node-redis Redis Cluster client (`createCluster({ rootNodes })` from `redis`,
   * already `connect()`ed). The store sends each script to the node serving the session's slot
   * and never closes the client.
   */
  readonly cluster?: RedisClusterCommandClient;
  /**
   * Root node URLs of a Redis Cluster (`['redis://10.0.0.1:7000', …]`; a few are enough, the rest
   * is discovered). The store creates its own cluster client, connects on first use and closes it
   * in `close()`.
   */
  readonly clusterUrls?: readonly string[];
  /**
   * The first part of every key: `{keyPrefix}:{{tenant}}:{sessionId}:log`. 1–64 characters of
   * `[A-Za-z0-9._:-]`.
   * @default DEFAULT_KEY_PREFIX ('cairn')
   */
  readonly keyPrefix?: string;
  /**
   * Expire a session this many seconds after its last write (every append and state save
   * refreshes it). Fractions are allowed (millisecond precision).
   * @default undefined (sessions never expire)
   */
  readonly ttlSeconds?: number;
}
