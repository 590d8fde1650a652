import { createHash } from 'node:crypto';

/**
 * The one method the store needs from a Redis client. node-redis clients (`createClient()`,
 * with any modules, scripts or RESP version) have it.
 */
export interface RedisCommandClient {
  /** Sends a raw command, e.g. `['EVALSHA', sha, '1', key]`. */
  sendCommand(args: readonly string[]): Promise<unknown>;
}

/**
 * The one method the store needs from a Redis Cluster client. node-redis cluster clients
 * (`createCluster()`) have it: the first key picks the node (the slot's primary).
 */
export interface RedisClusterCommandClient {
  /** Sends a raw command to the node serving `firstKey`'s slot, following `MOVED` / `ASK` redirects. */
  sendCommand(firstKey: string | undefined, isReadonly: boolean | undefined, args: string[]): Promise<unknown>;
}

/**
 * Wraps a cluster client as a {@link RedisCommandClient} for the store's scripts: each `EVAL` /
 * `EVALSHA` goes to the node of its first key (every key of one call shares the tenant's hash
 * tag, so one slot).
 * @internal
 */
export function clusterCommandClient(cluster: RedisClusterCommandClient): RedisCommandClient {
  return {
    sendCommand: (args) => {
      const keyCount = Number(args[2] ?? 0);
      return cluster.sendCommand(keyCount > 0 ? args[3] : undefined, false, [...args]);
    },
  };
}

const SHAS = new Map<string, string>();

function shaOf(script: string): string {
  let sha = SHAS.get(script);
  if (sha === undefined) {
    sha = createHash('sha1').update(script).digest('hex');
    SHAS.set(script, sha);
  }
  return sha;
}

/**
 * Runs a Lua script by its SHA1 (`EVALSHA`), sending the whole script (`EVAL`, which also caches
 * it on the server) only when the server does not know it yet.
 * @internal
 */
export async function runRedisScript(
  client: RedisCommandClient,
  script: string,
  keys: readonly string[],
  args: readonly string[],
): Promise<unknown> {
  const tail = [String(keys.length), ...keys, ...args];
  try {
    return await client.sendCommand(['EVALSHA', shaOf(script), ...tail]);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return client.sendCommand(['EVAL', script, ...tail]);
  }
}
