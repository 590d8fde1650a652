import { checkBranchRecord, checkSessionKey, corruptSessionError, sessionConflictError, type SessionKey, type SessionStore, type StoredBranch } from '@cairn/core';
import { redisTenantPrefix } from './redis-session-keys.js';

/**
 * Saves a branch record if its version matches, in one step. KEYS[1]: the session's branch hash
 * (`v:<name>` the version, `d:<name>` the data). ARGV: name, expected version (`''`: any), data,
 * TTL in ms (`0`: none).
 * @internal
 */
export const SAVE_BRANCH_SCRIPT = `
local kind = redis.call('TYPE', KEYS[1]).ok
if kind ~= 'hash' and kind ~= 'none' then return {'corrupt', kind} end
local current = tonumber(redis.call('HGET', KEYS[1], 'v:' .. ARGV[1]) or '0')
if ARGV[2] ~= '' and tonumber(ARGV[2]) ~= current then return {'conflict', current} end
redis.call('HSET', KEYS[1], 'v:' .. ARGV[1], current + 1, 'd:' .. ARGV[1], ARGV[3])
if tonumber(ARGV[4]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[4]) end
return {'ok', current + 1}
`;

/** Reads every branch record of a session. KEYS[1]: the branch hash. @internal */
export const LOAD_BRANCHES_SCRIPT = `
local kind = redis.call('TYPE', KEYS[1]).ok
if kind ~= 'hash' and kind ~= 'none' then return {'corrupt', kind} end
return {'ok', redis.call('HGETALL', KEYS[1])}
`;

/** Removes every branch record of a session. KEYS[1]: the branch hash. @internal */
export const DELETE_BRANCHES_SCRIPT = `
return redis.call('DEL', KEYS[1])
`;

/** What the branch methods need from the store. @internal */
export interface RedisBranchContext {
  keyPrefix: string;
  /** TTL in ms as text (`'0'`: none). */
  ttl: string;
  send: (script: string, keys: readonly string[], args: readonly string[], scope: { tenant: string; sessionId?: string }) => Promise<unknown>;
}

/**
 * The branch methods of the Redis store: a hash per session (`{prefix}:{{tenant}}:{sessionId}:branches`,
 * in the tenant's slot) with a version and the data per branch, checked and written by one Lua
 * script, so concurrent writers on any app server see exactly one winner. @internal
 */
export function redisBranchRecords({ keyPrefix, ttl, send }: RedisBranchContext): Required<Pick<SessionStore, 'saveBranch' | 'loadBranches'>> & { deleteAll(key: SessionKey): Promise<void> } {
  const hashKey = (key: { tenant: string; sessionId: string }) => `${redisTenantPrefix(keyPrefix, key.tenant)}:${key.sessionId}:branches`;
  return {
    async saveBranch(rawKey, branch, { expectedVersion } = {}) {
      const key = checkSessionKey(rawKey);
      checkBranchRecord(branch);
      const reply = (await send(SAVE_BRANCH_SCRIPT, [hashKey(key)], [branch.name, expectedVersion === undefined ? '' : String(expectedVersion), branch.data, ttl], key)) as unknown[];
      const status = String(reply[0]);
      if (status === 'corrupt') throw corruptSessionError(key, `its branch key holds a ${String(reply[1])}, not a hash`);
      if (status === 'conflict') throw sessionConflictError(key, `branch "${branch.name}" is at version ${String(reply[1])}, the writer expected ${String(expectedVersion)}`);
      return { version: Number(reply[1]) };
    },
    /** Removes every branch record of the session (the store's `delete`). */
    async deleteAll(key) {
      await send(DELETE_BRANCHES_SCRIPT, [hashKey(key)], [], key);
    },
    async loadBranches(rawKey) {
      const key = checkSessionKey(rawKey);
      const reply = (await send(LOAD_BRANCHES_SCRIPT, [hashKey(key)], [], key)) as unknown[];
      if (String(reply[0]) === 'corrupt') throw corruptSessionError(key, `its branch key holds a ${String(reply[1])}, not a hash`);
      const flat = (reply[1] as unknown[]).map(String);
      const fields = new Map<string, string>();
      for (let index = 0; index + 1 < flat.length; index += 2) fields.set(flat[index]!, flat[index + 1]!);
      const branches: StoredBranch[] = [];
      for (const [field, value] of fields) {
        if (!field.startsWith('v:')) continue;
        const name = field.slice(2);
        const data = fields.get(`d:${name}`);
        if (data === undefined || !/^\d+$/.test(value)) throw corruptSessionError(key, `branch "${name}" has no data or a bad version`);
        branches.push({ name, version: Number(value), data });
      }
      return branches.sort((a, b) => (a.name < b.name ? -1 : 1));
    },
  };
}
