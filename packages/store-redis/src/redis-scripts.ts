/**
 * The Lua scripts of the Redis store. Each runs atomically on the server, so a check (log
 * length, state version, schema marker) and the write it guards can never interleave with
 * another writer. Every script takes the same five keys: `KEYS[1]` the session's log (a list),
 * `KEYS[2]` its state hash, `KEYS[3]` the tenant's index (a sorted set), `KEYS[4]` its branch
 * records (a hash), `KEYS[5]` its crystal index (a sorted set; each crystal is the hash
 * `…:crystal:{id}` beside it — same hash tag, same cluster slot). Replies start with a
 * status: `ok`, `none`, `conflict` or `corrupt` (then a reason and a detail).
 * @internal
 */

/**
 * Checks the session's key types and the schema marker; returns early with a `corrupt` reply.
 * A tenant index of the wrong type does not stop the session (it is the tenant's, shared by all
 * its sessions): the session is read and written as usual, the index is left alone, and only
 * `list` reports it.
 */
const PRELUDE = `
local logType = redis.call('TYPE', KEYS[1]).ok
local stateType = redis.call('TYPE', KEYS[2]).ok
local indexType = redis.call('TYPE', KEYS[3]).ok
if logType ~= 'list' and logType ~= 'none' then return {'corrupt', 'log-type', logType} end
if stateType ~= 'hash' and stateType ~= 'none' then return {'corrupt', 'state-type', stateType} end
local indexUsable = indexType == 'zset' or indexType == 'none'
local schema = redis.call('HGET', KEYS[2], 'schema')
if schema and schema ~= ARGV[4] then return {'corrupt', 'schema', schema} end
if not schema and (logType ~= 'none' or stateType ~= 'none') then return {'corrupt', 'marker', ''} end
local function touch()
  local ttl = tonumber(ARGV[2])
  if ttl > 0 then
    redis.call('PEXPIRE', KEYS[1], ttl)
    redis.call('PEXPIRE', KEYS[2], ttl)
    -- What belongs to the session lives as long as it does: its branch records and crystals.
    redis.call('PEXPIRE', KEYS[4], ttl)
    if redis.call('TYPE', KEYS[5]).ok == 'zset' then
      redis.call('PEXPIRE', KEYS[5], ttl)
      local crystalPrefix = string.sub(KEYS[5], 1, -2) .. ':'
      for _, id in ipairs(redis.call('ZRANGE', KEYS[5], 0, -1)) do redis.call('PEXPIRE', crystalPrefix .. id, ttl) end
    end
  end
  if not indexUsable then return end
  local indexTtl = redis.call('PTTL', KEYS[3])
  redis.call('ZADD', KEYS[3], 0, ARGV[3])
  if ttl > 0 then
    if indexTtl ~= -1 and indexTtl < ttl then redis.call('PEXPIRE', KEYS[3], ttl) end
  else
    redis.call('PERSIST', KEYS[3])
  end
end
`;

/**
 * Appends messages if the log length matches. ARGV: expected length (`''`: any), TTL in ms
 * (`0`: none), session id, schema, then one JSON text per message.
 */
export const APPEND_SCRIPT = `${PRELUDE}
local length = redis.call('LLEN', KEYS[1])
if ARGV[1] ~= '' and tonumber(ARGV[1]) ~= length then return {'conflict', length} end
if #ARGV < 5 then return {'ok', length} end
if not schema then redis.call('HSET', KEYS[2], 'schema', ARGV[4]) end
for first = 5, #ARGV, 1000 do
  length = redis.call('RPUSH', KEYS[1], unpack(ARGV, first, math.min(first + 999, #ARGV)))
end
touch()
return {'ok', length}
`;

/**
 * Saves a state if the stored version matches and the log holds the messages it covers. ARGV: expected version (`''`: any), TTL in ms,
 * session id, schema, message count, data.
 */
export const SAVE_STATE_SCRIPT = `${PRELUDE}
local version = 0
if schema then
  local stored = redis.call('HGET', KEYS[2], 'version')
  if stored then
    version = tonumber(stored)
    if version == nil then return {'corrupt', 'version', stored} end
  end
end
if ARGV[1] ~= '' and tonumber(ARGV[1]) ~= version then return {'conflict', version} end
local length = redis.call('LLEN', KEYS[1])
if tonumber(ARGV[5]) > length then return {'uncovered', length} end
version = version + 1
redis.call('HSET', KEYS[2], 'schema', ARGV[4], 'version', tostring(version), 'messageCount', ARGV[5], 'data', ARGV[6])
touch()
return {'ok', version}
`;

/**
 * Reads a session in one atomic step. ARGV: -, -, -, schema. Replies `none`, or `ok`, the state
 * hash as a flat field/value array, then the log.
 */
export const LOAD_SCRIPT = `${PRELUDE}
if not schema then return {'none'} end
return {'ok', redis.call('HGETALL', KEYS[2]), redis.call('LRANGE', KEYS[1], 0, -1)}
`;

/**
 * Reads the end of a session's log and its state in one atomic step. ARGV: the first position to
 * read, -, -, schema. Replies `none`, or `ok`, the log's length, its elements from that position
 * on, then the state hash as a flat field/value array.
 */
export const LOAD_TAIL_SCRIPT = `${PRELUDE}
if not schema then return {'none'} end
return {'ok', redis.call('LLEN', KEYS[1]), redis.call('LRANGE', KEYS[1], tonumber(ARGV[1]), -1), redis.call('HGETALL', KEYS[2])}
`;

/** Deletes a session (even a corrupt one) and drops it from the index. ARGV: -, -, session id. */
export const DELETE_SCRIPT = `
local removed = redis.call('DEL', KEYS[1], KEYS[2])
if redis.call('TYPE', KEYS[3]).ok == 'zset' then redis.call('ZREM', KEYS[3], ARGV[3]) end
return removed
`;

/**
 * One page of a tenant's session ids, in byte order. KEYS[1]: the index. ARGV: the tenant's key
 * prefix, the id to start after (`''`: from the first), the page size. Ids whose keys expired
 * (TTL) are dropped from the index on the way. Replies `ok`, 1 when more ids follow (else 0),
 * the ids.
 */
export const LIST_SCRIPT = `
local indexType = redis.call('TYPE', KEYS[1]).ok
if indexType ~= 'zset' and indexType ~= 'none' then return {'corrupt', 'index-type', indexType} end
local start = '-'
if ARGV[2] ~= '' then start = '(' .. ARGV[2] end
local limit = tonumber(ARGV[3])
local ids = {}
local more = 0
while more == 0 do
  local batch = redis.call('ZRANGEBYLEX', KEYS[1], start, '+', 'LIMIT', 0, limit + 1 - #ids)
  if #batch == 0 then break end
  for _, id in ipairs(batch) do
    if redis.call('EXISTS', ARGV[1] .. ':' .. id .. ':log', ARGV[1] .. ':' .. id .. ':state') > 0 then
      if #ids == limit then
        more = 1
        break
      end
      ids[#ids + 1] = id
    else
      redis.call('ZREM', KEYS[1], id)
    end
    start = '(' .. id
  end
end
return {'ok', more, ids}
`;
