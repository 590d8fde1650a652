import { CairnError, checkSessionKey, checkSessionTenant, corruptSessionError, type SessionKey, type SessionStore } from '@cairn/core';
import { createClient, createCluster } from 'redis';
import { checkCount, serializeMessages } from './check-store-input.js';
import { describeCorruption } from './describe-corruption.js';
import { parseState, parseStoredMessages, parseStoredSession } from './parse-stored-session.js';
import { redisSessionKeys, redisTenantPrefix } from './redis-session-keys.js';
import { APPEND_SCRIPT, DELETE_SCRIPT, LIST_SCRIPT, LOAD_SCRIPT, LOAD_TAIL_SCRIPT, SAVE_STATE_SCRIPT } from './redis-scripts.js';
import {
  DEFAULT_KEY_PREFIX,
  DEFAULT_LIST_LIMIT,
  MAX_LIST_LIMIT,
  REDIS_STORE_SCHEMA,
  type RedisSessionStoreOptions,
} from './redis-session-store-options.js';
import { runRedisScript, type RedisCommandClient } from './run-redis-script.js';
import { resolveRedisConnection } from './resolve-redis-connection.js';
import { storeUnavailable } from './store-unavailable-error.js';
import { redisBranchRecords } from './redis-branch-records.js';
import { createRedisCrystals } from './redis-crystals.js';

/**
 * A {@link SessionStore} on Redis, for many app servers sharing sessions. Each session is a list
 * (one JSON element per message, `RPUSH`ed) and a state hash, under keys scoped by tenant and
 * session id; every check-and-write is one Lua script, so concurrent writers are detected
 * (`SESSION_CONFLICT`, nothing written) and never lose an update.
 *
 * @param options - a connected `client` or a `url`, plus key prefix and TTL.
 * @returns the store; `close()` closes the client only when the store created it.
 * @throws CairnError `INVALID_OPTIONS` for bad options (at once, before any command).
 *   Calls reject with `STORE_UNAVAILABLE` when Redis cannot be reached, `CORRUPT_SESSION` for
 *   unreadable session data (a corrupt tenant index only fails `list`).
 *
 * @example
 * ```ts
 * const store = createRedisSessionStore({ url: process.env.REDIS_URL, ttlSeconds: 86_400 });
 * await store.append({ tenant: 'acme', sessionId: 'chat-1' }, messages, { expectedLength: 0 });
 * const session = await store.load({ tenant: 'acme', sessionId: 'chat-1' });
 * await store.close?.();
 * ```
 */
export function createRedisSessionStore(options: RedisSessionStoreOptions): SessionStore {
  const { keyPrefix = DEFAULT_KEY_PREFIX, ttlSeconds } = options;
  if (typeof keyPrefix !== 'string' || !/^[A-Za-z0-9._:-]{1,64}$/.test(keyPrefix)) {
    throw invalidOption(`Invalid keyPrefix ${JSON.stringify(keyPrefix)}: use 1–64 letters, digits, '.', '_', ':' or '-'.`);
  }
  if (ttlSeconds !== undefined && !(typeof ttlSeconds === 'number' && Number.isFinite(ttlSeconds) && ttlSeconds >= 0.001)) {
    throw invalidOption(`Invalid ttlSeconds ${JSON.stringify(ttlSeconds)}: pass a positive number of seconds, or leave it out for no expiry.`);
  }
  const ttl = ttlSeconds === undefined ? '0' : String(Math.ceil(ttlSeconds * 1000));
  const connection = resolveRedisConnection(options, { createClient, createCluster });

  /** Runs a script; a connection failure becomes `STORE_UNAVAILABLE` naming `scope`. */
  async function send(script: string, keys: readonly string[], args: readonly string[], scope: { tenant: string; sessionId?: string }): Promise<unknown> {
    try {
      const client: RedisCommandClient = await connection.client();
      return await runRedisScript(client, script, keys, args);
    } catch (error) {
      throw storeUnavailable(error, scope);
    }
  }

  async function run(script: string, keys: readonly string[], args: readonly string[], scope: { tenant: string; sessionId?: string }): Promise<unknown[]> {
    const reply = (await send(script, keys, args, scope)) as unknown[];
    // The status as text, whatever type mapping the client uses.
    return [String(reply[0]), ...reply.slice(1)];
  }

  async function runForSession(script: string, key: SessionKey, args: readonly string[]): Promise<unknown[]> {
    const keys = redisSessionKeys(keyPrefix, key);
    const reply = await run(script, [keys.log, keys.state, keys.index, keys.branches, keys.crystals], args, { tenant: key.tenant, sessionId: key.sessionId });
    if (reply[0] === 'corrupt') throw corruptSessionError(key, describeCorruption(String(reply[1]), String(reply[2]), REDIS_STORE_SCHEMA));
    return reply;
  }

  const { deleteAll: deleteCrystals, ...crystals } = createRedisCrystals(keyPrefix, send, ttl);
  const { deleteAll: deleteBranches, ...branches } = redisBranchRecords({ keyPrefix, ttl, send });

  return {
    ...branches,

    ...crystals,
    async load(rawKey) {
      const { tenant, sessionId } = checkSessionKey(rawKey);
      const key = { tenant, sessionId };
      const reply = await runForSession(LOAD_SCRIPT, key, ['', ttl, key.sessionId, REDIS_STORE_SCHEMA]);
      if (reply[0] === 'none') return undefined;
      return parseStoredSession(key, reply[1] as unknown[], reply[2] as unknown[]);
    },

    async loadTail(rawKey, from) {
      const { tenant, sessionId } = checkSessionKey(rawKey);
      const key = { tenant, sessionId };
      const start = checkCount('from', from);
      const reply = await runForSession(LOAD_TAIL_SCRIPT, key, [String(start), ttl, key.sessionId, REDIS_STORE_SCHEMA]);
      if (reply[0] === 'none') return undefined;
      const length = Number(reply[1]);
      return { length, messages: start >= length ? [] : parseStoredMessages(key, reply[2] as unknown[], start), state: parseState(key, reply[3] as unknown[]) };
    },

    async append(rawKey, messages, { expectedLength } = {}) {
      const key = checkSessionKey(rawKey);
      const expected = expectedLength === undefined ? '' : String(checkCount('expectedLength', expectedLength));
      const elements = serializeMessages(messages);
      const reply = await runForSession(APPEND_SCRIPT, key, [expected, ttl, key.sessionId, REDIS_STORE_SCHEMA, ...elements]);
      if (reply[0] === 'conflict') throw conflict(key, `the log has ${String(reply[1])} messages, the writer expected ${expected}`, { expectedLength, actualLength: Number(reply[1]) });
      return { length: Number(reply[1]) };
    },

    async saveState(rawKey, state, { expectedVersion } = {}) {
      const key = checkSessionKey(rawKey);
      const expected = expectedVersion === undefined ? '' : String(checkCount('expectedVersion', expectedVersion));
      const messageCount = checkCount('messageCount', state?.messageCount);
      if (typeof state.data !== 'string') throw invalidOption('Invalid state data: pass the serialised state as a string.');
      const reply = await runForSession(SAVE_STATE_SCRIPT, key, [expected, ttl, key.sessionId, REDIS_STORE_SCHEMA, String(messageCount), state.data]);
      if (reply[0] === 'conflict') throw conflict(key, `the state is at version ${String(reply[1])}, the writer expected ${expected}`, { expectedVersion, actualVersion: Number(reply[1]) });
      if (reply[0] === 'uncovered') throw conflict(key, `the state covers ${messageCount} messages, the log has ${String(reply[1])}`, { messageCount, actualLength: Number(reply[1]) });
      return { version: Number(reply[1]) };
    },

    async list(rawTenant, { after, limit = DEFAULT_LIST_LIMIT } = {}) {
      const tenant = checkSessionTenant(rawTenant);
      if (after !== undefined) checkSessionKey({ tenant, sessionId: after });
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
        throw invalidOption(`Invalid list limit ${JSON.stringify(limit)}: pass an integer from 1 to ${MAX_LIST_LIMIT}.`);
      }
      const tenantPrefix = redisTenantPrefix(keyPrefix, tenant);
      const reply = await run(LIST_SCRIPT, [`${tenantPrefix}:sessions`], [tenantPrefix, after ?? '', String(limit)], { tenant });
      if (reply[0] === 'corrupt') {
        throw new CairnError({
          code: 'CORRUPT_SESSION',
          message: `The session index of tenant "${tenant}" cannot be read: ${describeCorruption(String(reply[1]), String(reply[2]), REDIS_STORE_SCHEMA)}.`,
          details: { tenant },
        });
      }
      const sessionIds = (reply[2] as unknown[]).map(String);
      const last = sessionIds.at(-1);
      return Number(reply[1]) === 1 && last !== undefined ? { sessionIds, next: last } : { sessionIds };
    },

    async delete(rawKey) {
      const key = checkSessionKey(rawKey);
      const keys = redisSessionKeys(keyPrefix, key);
      const removed = await send(DELETE_SCRIPT, [keys.log, keys.state, keys.index], ['', '', key.sessionId], { tenant: key.tenant, sessionId: key.sessionId });
      await deleteCrystals(key);
      await deleteBranches(key);
      return Number(removed) > 0;
    },

    close: () => connection.close(),
  };
}

function invalidOption(message: string): CairnError {
  return new CairnError({ code: 'INVALID_OPTIONS', message });
}

function conflict(key: SessionKey, what: string, details: Record<string, unknown>): CairnError {
  return new CairnError({
    code: 'SESSION_CONFLICT',
    message: `Session "${key.sessionId}" of tenant "${key.tenant}" changed under you: ${what}. Another writer got there first; nothing was written. Reload the session and retry.`,
    details: { tenant: key.tenant, sessionId: key.sessionId, ...details },
  });
}
