import { CairnError, checkTenant, createPlaybookPool, PLAYBOOK_POOL_MAX_BULLETS, SECTION_SLUGS, type PlaybookPool, type PlaybookSection, type SharedBullet } from '@cairn/core';
import { createClient, createCluster } from 'redis';
import { redisTenantPrefix } from './redis-session-keys.js';
import { DEFAULT_KEY_PREFIX, type RedisSessionStoreOptions } from './redis-session-store-options.js';
import { resolveRedisConnection } from './resolve-redis-connection.js';
import { runRedisScript } from './run-redis-script.js';
import { storeUnavailable } from './store-unavailable-error.js';

/**
 * Lua scripts of the pool. A tenant's bullets are one hash (`{prefix}:{{tenant}}:playbook`, field
 * `["section","text"]` → `{"helpful","harmful","sessionId"}`) and one sorted set
 * (`…:playbook:order`, the same fields scored by a per-tenant sequence: the latest publish is the
 * newest). Both keys carry the tenant's hash tag (one cluster slot).
 */
const CHECK_TYPES = `
local poolType = redis.call('TYPE', KEYS[1]).ok
if poolType ~= 'hash' and poolType ~= 'none' then return {'corrupt', poolType} end
local orderType = redis.call('TYPE', KEYS[2]).ok
if orderType ~= 'zset' and orderType ~= 'none' then return {'corrupt', orderType} end
`;

const PUBLISH_SCRIPT = `${CHECK_TYPES}
local top = redis.call('ZREVRANGE', KEYS[2], 0, 0, 'WITHSCORES')
local seq = 1
if #top == 2 then seq = tonumber(top[2]) + 1 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], seq, ARGV[1])
local max = tonumber(ARGV[3])
local size = redis.call('ZCARD', KEYS[2])
if size > max then
  local oldest = redis.call('ZRANGE', KEYS[2], 0, size - max - 1)
  for _, field in ipairs(oldest) do
    redis.call('HDEL', KEYS[1], field)
    redis.call('ZREM', KEYS[2], field)
  end
end
return {'ok'}
`;

const LOAD_SCRIPT = `${CHECK_TYPES}
local fields = redis.call('ZRANGE', KEYS[2], 0, -1)
if #fields == 0 then return {'ok', {}, {}} end
return {'ok', fields, redis.call('HMGET', KEYS[1], unpack(fields))}
`;

/** Options of {@link createRedisPlaybookPool}: one connection option, as for the session store, and the key prefix. */
export type RedisPlaybookPoolOptions = Pick<RedisSessionStoreOptions, 'client' | 'url' | 'cluster' | 'clusterUrls' | 'keyPrefix'>;

/**
 * A {@link PlaybookPool} on Redis. The engine reads and writes a pool synchronously, so this one
 * is a per-process copy backed by Redis: `load(tenant)` reads the tenant's bullets (call it
 * before creating or restoring an engine that shares with that tenant: that is the bootstrap),
 * `publish` updates the copy at once and queues the write, and `flush()` writes the queue, in
 * order (call it after ingesting, or on the host's schedule: core runs no timers).
 */
export interface RedisPlaybookPool extends PlaybookPool {
  /** Reads the tenant's bullets from Redis into this pool (replacing its copy of that tenant). */
  load(tenant: string): Promise<void>;
  /** Writes the bullets published since the last flush. A failed write stays queued. */
  flush(): Promise<void>;
  /** Publishes not yet written. */
  readonly pending: number;
  /** Flushes, then closes a connection the pool opened itself. */
  close(): Promise<void>;
}

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

function checkBullet(bullet: SharedBullet): void {
  if (typeof bullet !== 'object' || bullet === null || !(bullet.section in SECTION_SLUGS) || typeof bullet.content !== 'string' || bullet.content === '' || !isCount(bullet.helpful) || !isCount(bullet.harmful) || typeof bullet.sessionId !== 'string') {
    throw new CairnError({ code: 'INVALID_MESSAGE', message: 'A shared bullet needs { section, content: a non-empty string, helpful and harmful: whole numbers from 0, sessionId: a string }.' });
  }
}

/** A stored field and value as a bullet; anything else (a damaged or hand-edited key) is left out. */
function toBullet(field: unknown, value: unknown): SharedBullet[] {
  try {
    const [section, content] = JSON.parse(String(field)) as [unknown, unknown];
    const { helpful, harmful, sessionId } = JSON.parse(String(value)) as Record<string, unknown>;
    if (typeof section !== 'string' || !(section in SECTION_SLUGS) || typeof content !== 'string' || !isCount(helpful) || !isCount(harmful) || typeof sessionId !== 'string') return [];
    return [{ section: section as PlaybookSection, content, helpful, harmful, sessionId }];
  } catch {
    return [];
  }
}

/**
 * Creates a Redis-backed playbook pool for `playbook: { share: { pool, tenant } }`: a tenant's
 * bullets live under its own key prefix (`{prefix}:{{tenant}}:playbook`), at most
 * {@link PLAYBOOK_POOL_MAX_BULLETS} of them (the oldest publish goes first), shared by every
 * process that loads them; a tenant never reads another's.
 *
 * @throws CairnError `INVALID_OPTIONS` for bad options. `load` and `flush` reject with
 *   `STORE_UNAVAILABLE` when Redis cannot be reached and `CORRUPT_SESSION` when a pool key has
 *   the wrong type.
 *
 * @example
 * ```ts
 * const pool = createRedisPlaybookPool({ url: process.env.REDIS_URL });
 * await pool.load('acme');
 * const engine = createContextEngine({ sessionId: 'chat-7', playbook: { share: { pool, tenant: 'acme' } } });
 * engine.ingest(messages);
 * await pool.flush();
 * ```
 */
export function createRedisPlaybookPool(options: RedisPlaybookPoolOptions): RedisPlaybookPool {
  const { keyPrefix = DEFAULT_KEY_PREFIX } = options;
  if (typeof keyPrefix !== 'string' || !/^[A-Za-z0-9._:-]{1,64}$/.test(keyPrefix)) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid keyPrefix ${JSON.stringify(keyPrefix)}: use 1–64 letters, digits, '.', '_', ':' or '-'.` });
  }
  const connection = resolveRedisConnection(options, { createClient, createCluster });
  /** This process's copy, one in-memory pool per tenant (the same bound and order as Redis). */
  const copies = new Map<string, PlaybookPool>();
  const copyOf = (tenant: string): PlaybookPool => {
    let pool = copies.get(tenant);
    if (!pool) copies.set(tenant, (pool = createPlaybookPool()));
    return pool;
  };
  const queue: { tenant: string; bullet: SharedBullet }[] = [];
  const keysOf = (tenant: string): string[] => {
    const prefix = redisTenantPrefix(keyPrefix, tenant);
    return [`${prefix}:playbook`, `${prefix}:playbook:order`];
  };

  async function send(script: string, tenant: string, args: readonly string[]): Promise<unknown[]> {
    let reply: unknown[];
    try {
      reply = (await runRedisScript(await connection.client(), script, keysOf(tenant), args)) as unknown[];
    } catch (error) {
      throw storeUnavailable(error, { tenant });
    }
    if (String(reply[0]) === 'corrupt') {
      throw new CairnError({ code: 'CORRUPT_SESSION', message: `The shared playbook of tenant "${tenant}" cannot be read: a pool key holds a ${String(reply[1])}. Delete ${keysOf(tenant).join(' and ')} to start it over.`, details: { tenant } });
    }
    return reply;
  }

  return {
    publish(tenant, bullet) {
      checkTenant(tenant);
      checkBullet(bullet);
      copyOf(tenant).publish(tenant, bullet);
      queue.push({ tenant, bullet: { ...bullet } });
    },
    list(tenant) {
      checkTenant(tenant);
      return copies.get(tenant)?.list(tenant) ?? [];
    },
    get pending() {
      return queue.length;
    },
    async load(tenant) {
      checkTenant(tenant);
      const reply = await send(LOAD_SCRIPT, tenant, []);
      const fields = reply[1] as unknown[];
      const values = reply[2] as unknown[];
      const stored = fields.flatMap((field, index) => toBullet(field, values[index]));
      // The tenant's copy becomes what Redis holds, then what this process has not written yet.
      const next = createPlaybookPool();
      for (const each of stored) next.publish(tenant, each);
      for (const queued of queue) if (queued.tenant === tenant) next.publish(tenant, queued.bullet);
      copies.set(tenant, next);
    },
    async flush() {
      while (queue.length > 0) {
        const { tenant, bullet } = queue[0]!;
        await send(PUBLISH_SCRIPT, tenant, [JSON.stringify([bullet.section, bullet.content]), JSON.stringify({ helpful: bullet.helpful, harmful: bullet.harmful, sessionId: bullet.sessionId }), String(PLAYBOOK_POOL_MAX_BULLETS)]);
        queue.shift();
      }
    },
    async close() {
      try {
        await this.flush();
      } finally {
        await connection.close();
      }
    },
  };
}
