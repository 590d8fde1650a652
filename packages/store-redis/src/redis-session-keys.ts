import type { SessionKey } from '@cairn/core';

/** The Redis keys of one session and its tenant's index. */
export interface RedisSessionKeys {
  /** A list, one JSON element per message, in order. */
  readonly log: string;
  /** A hash: `schema` (always), `version`, `messageCount`, `data` (once a state was saved). */
  readonly state: string;
  /** The tenant's sorted set of session ids (all scores 0, read lexicographically). */
  readonly index: string;
  /** A hash of the session's branch records (`v:{name}` version, `d:{name}` data). */
  readonly branches: string;
  /** The session's sorted set of crystal ids (scored by `createdAt`); each crystal is the hash `{crystals minus the s}:{id}`, i.e. `…:crystal:{id}`. */
  readonly crystals: string;
}

/**
 * Builds the keys of a session: `{prefix}:{{tenant}}:{sessionId}:log|state` and
 * `{prefix}:{{tenant}}:sessions`. The tenant sits inside braces, a Redis Cluster hash tag, so a
 * tenant's keys share one slot; braces are not allowed in tenants or session ids, so the tenant
 * part cannot be forged and no two (tenant, session id) pairs share a key. Parts must be checked
 * before they get here.
 * @internal
 */
export function redisSessionKeys(prefix: string, key: SessionKey): RedisSessionKeys {
  const tenantPrefix = redisTenantPrefix(prefix, key.tenant);
  return {
    log: `${tenantPrefix}:${key.sessionId}:log`,
    state: `${tenantPrefix}:${key.sessionId}:state`,
    index: `${tenantPrefix}:sessions`,
    branches: `${tenantPrefix}:${key.sessionId}:branches`,
    crystals: `${tenantPrefix}:${key.sessionId}:crystals`,
  };
}

/**
 * The prefix every key of a tenant starts with: `{prefix}:{{tenant}}`.
 * @internal
 */
export function redisTenantPrefix(prefix: string, tenant: string): string {
  return `${prefix}:{${tenant}}`;
}
