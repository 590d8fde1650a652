import { createHash } from 'node:crypto';

/**
 * The one method the store needs from a Redis client. node-redis clients (`createClient()`,
 * with any modules, scripts or RESP version) have it.
 */
export interface RedisCommandClient {
  /** Sends a raw command, e.g. `['EVALSHA', sha, '1', key]`. */
  sendCommand(args: readonly string[]): Promise<unknown>;
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
