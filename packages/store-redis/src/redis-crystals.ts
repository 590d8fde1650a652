import {
  CairnError,
  checkCrystalId,
  checkSessionKey,
  checkStoredCrystal,
  crystalsToReap,
  type SessionKey,
  type SessionStore,
  type StoredCrystal,
  type StoredCrystalInfo,
} from '@cairn/core';
import { redisTenantPrefix } from './redis-session-keys.js';

/**
 * Lua scripts for crystals. Each crystal is its own hash (`…:{sessionId}:crystal:{id}` with
 * `createdAt`, `ttlMs`, `pinned`, `data`), listed in a per-session sorted set
 * (`…:{sessionId}:crystals`, scored by `createdAt`). Every key carries the tenant's hash tag, so a
 * script's keys share one cluster slot. `KEYS[1]` is the index, `KEYS[2]` the crystal's hash.
 */
const CHECK_TYPES = `
local indexType = redis.call('TYPE', KEYS[1]).ok
if indexType ~= 'zset' and indexType ~= 'none' then return {'corrupt', 'index-type', indexType} end
`;

const SAVE_SCRIPT = `${CHECK_TYPES}
local crystalType = redis.call('TYPE', KEYS[2]).ok
if crystalType ~= 'hash' and crystalType ~= 'none' then return {'corrupt', 'crystal-type', crystalType} end
local pinned = ARGV[3]
if redis.call('HGET', KEYS[2], 'pinned') == '1' then pinned = '1' end
redis.call('HSET', KEYS[2], 'createdAt', ARGV[1], 'ttlMs', ARGV[2], 'pinned', pinned, 'data', ARGV[4])
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[5])
if tonumber(ARGV[6]) > 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[6])
  redis.call('PEXPIRE', KEYS[2], ARGV[6])
end
return {'ok'}
`;

const CHERISH_SCRIPT = `
if redis.call('TYPE', KEYS[2]).ok ~= 'hash' then return {'ok', 0} end
redis.call('HSET', KEYS[2], 'pinned', '1')
if tonumber(ARGV[1]) > 0 then redis.call('PEXPIRE', KEYS[2], ARGV[1]) end
return {'ok', 1}
`;

/** Deletes a crystal; with ARGV[2] = 'unpinned', only when it is (still) not pinned. */
const DELETE_SCRIPT = `
if ARGV[2] == 'unpinned' and redis.call('HGET', KEYS[2], 'pinned') == '1' then return {'ok', 0} end
local removed = redis.call('DEL', KEYS[2])
redis.call('ZREM', KEYS[1], ARGV[1])
return {'ok', removed}
`;

/** Lists crystals (oldest first) with their fields; ARGV[1] is the session's key prefix. */
const LIST_SCRIPT = `${CHECK_TYPES}
local ids = redis.call('ZRANGE', KEYS[1], 0, -1)
local rows = {}
for _, id in ipairs(ids) do
  local crystalKey = ARGV[1] .. ':crystal:' .. id
  -- A crystal key of another type is left alone (loading it reports CORRUPT_CRYSTAL; nothing is reaped blind).
  if redis.call('TYPE', crystalKey).ok == 'hash' then
    local fields = redis.call('HMGET', crystalKey, 'createdAt', 'ttlMs', 'pinned')
    if fields[1] then rows[#rows + 1] = {id, fields[1], fields[2], fields[3]} end
  end
end
return {'ok', rows}
`;

/** Deletes every crystal of a session; ARGV[1] is the session's key prefix. */
const DELETE_ALL_SCRIPT = `
if redis.call('TYPE', KEYS[1]).ok ~= 'zset' then return {'ok', redis.call('DEL', KEYS[1])} end
local ids = redis.call('ZRANGE', KEYS[1], 0, -1)
for _, id in ipairs(ids) do redis.call('DEL', ARGV[1] .. ':crystal:' .. id) end
redis.call('DEL', KEYS[1])
return {'ok', #ids}
`;

/** The crystal methods of the Redis store, and the hook its `delete` calls. @internal */
export type RedisCrystalMethods = Required<Pick<SessionStore, 'saveCrystal' | 'loadCrystal' | 'listCrystals' | 'cherishCrystal' | 'deleteCrystal' | 'reapCrystals'>> & {
  deleteAll(key: SessionKey): Promise<void>;
};

/** Sends a script with its keys and arguments; the store turns connection failures into `STORE_UNAVAILABLE`. */
export type SendScript = (script: string, keys: readonly string[], args: readonly string[], scope: { tenant: string; sessionId?: string }) => Promise<unknown>;

function corrupt(key: SessionKey, reason: string, detail: string): CairnError {
  return new CairnError({
    code: 'CORRUPT_CRYSTAL',
    message: `The crystals of session "${key.sessionId}" (tenant "${key.tenant}") cannot be read: a key holds a Redis ${detail} (${reason}), not what @cairn/store-redis writes.`,
    details: { tenant: key.tenant, sessionId: key.sessionId, reason, detail },
  });
}

/**
 * Crystals on Redis: a hash per crystal and a per-session index, written by Lua scripts. With a
 * store TTL (`ttl` ms as text, `'0'`: none) a crystal lives as long as its session: saving or
 * cherishing one sets the TTL on its keys, and every session write refreshes them (the session
 * scripts' `touch`), so an expired session leaves no crystal behind. The crystal's own `ttlMs`
 * (the reaper's, from the injected clock) is separate. @internal
 */
export function createRedisCrystals(keyPrefix: string, send: SendScript, ttl = '0'): RedisCrystalMethods {
  const keysOf = (key: SessionKey, id = '') => {
    const session = `${redisTenantPrefix(keyPrefix, key.tenant)}:${key.sessionId}`;
    return { session, index: `${session}:crystals`, crystal: `${session}:crystal:${id}` };
  };
  async function run(script: string, key: SessionKey, id: string, args: readonly string[]): Promise<unknown[]> {
    const keys = keysOf(key, id);
    const reply = (await send(script, [keys.index, keys.crystal], args, { tenant: key.tenant, sessionId: key.sessionId })) as unknown[];
    const status = String(reply[0]);
    if (status === 'corrupt') throw corrupt(key, String(reply[1]), String(reply[2]));
    return reply.slice(1);
  }
  async function list(key: SessionKey): Promise<StoredCrystalInfo[]> {
    const [rows] = await run(LIST_SCRIPT, key, '', [keysOf(key).session]);
    return (rows as unknown[][]).map(([id, createdAt, ttlMs, pinned]) => ({ id: String(id), createdAt: Number(createdAt), ttlMs: Number(ttlMs), pinned: String(pinned) === '1' }));
  }
  return {
    async saveCrystal(rawKey, crystal) {
      const key = checkSessionKey(rawKey);
      const record = checkStoredCrystal(crystal);
      await run(SAVE_SCRIPT, key, record.id, [String(record.createdAt), String(record.ttlMs), record.pinned ? '1' : '0', record.data, record.id, ttl]);
    },
    async loadCrystal(rawKey, id): Promise<StoredCrystal | undefined> {
      const key = checkSessionKey(rawKey);
      checkCrystalId(id);
      const [fields] = await run(`${CHECK_TYPES}
local crystalType = redis.call('TYPE', KEYS[2]).ok
if crystalType == 'none' then return {'ok', false} end
if crystalType ~= 'hash' then return {'corrupt', 'crystal-type', crystalType} end
return {'ok', redis.call('HMGET', KEYS[2], 'createdAt', 'ttlMs', 'pinned', 'data')}`, key, id, []);
      if (!Array.isArray(fields)) return undefined;
      const [createdAt, ttlMs, pinned, data] = fields as unknown[];
      return { id, createdAt: Number(createdAt), ttlMs: Number(ttlMs), pinned: String(pinned) === '1', data: typeof data === 'string' ? data : '' };
    },
    async listCrystals(rawKey) {
      return list(checkSessionKey(rawKey));
    },
    async cherishCrystal(rawKey, id) {
      const key = checkSessionKey(rawKey);
      checkCrystalId(id);
      const [changed] = await run(CHERISH_SCRIPT, key, id, [ttl]);
      return Number(changed) > 0;
    },
    async deleteCrystal(rawKey, id) {
      const key = checkSessionKey(rawKey);
      checkCrystalId(id);
      const [removed] = await run(DELETE_SCRIPT, key, id, [id, '']);
      return Number(removed) > 0;
    },
    async reapCrystals(rawKey, now) {
      const key = checkSessionKey(rawKey);
      const ids = crystalsToReap(await list(key), now);
      const reaped: string[] = [];
      // Each delete re-checks the pin on the server: a crystal cherished meanwhile stays.
      for (const id of ids) if (Number((await run(DELETE_SCRIPT, key, id, [id, 'unpinned']))[0]) > 0) reaped.push(id);
      return reaped;
    },
    async deleteAll(key) {
      await run(DELETE_ALL_SCRIPT, key, '', [keysOf(key).session]);
    },
  };
}
