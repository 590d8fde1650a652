import { CairnError } from '@cairn/core';
import type { RedisCommandClient } from './run-redis-script.js';
import type { RedisSessionStoreOptions } from './redis-session-store-options.js';

/** A client the store created from a URL: connected on first use, closed by the store. */
interface OwnedClient extends RedisCommandClient {
  on(event: 'error', listener: (error: unknown) => void): unknown;
  connect(): Promise<unknown>;
  close(): Promise<void>;
  readonly isOpen: boolean;
}

/** How the store reaches Redis. */
export interface RedisConnection {
  /** The client to send commands on (connecting an owned one first). */
  client(): Promise<RedisCommandClient>;
  /** Closes an owned client; leaves a passed-in one alone. */
  close(): Promise<void>;
}

/**
 * Resolves the `client` / `url` options into a connection: a passed-in client is used as is and
 * never closed; a URL gets a client of the store's own, connected lazily (once) and closed by
 * `close()`. Connection errors surface as rejected commands (the client's `error` events are
 * not left unhandled).
 * @throws CairnError `INVALID_OPTIONS` unless exactly one of `client` and `url` is given.
 * @internal
 */
export function resolveRedisConnection(
  { client, url }: RedisSessionStoreOptions,
  createClient: (options: { url: string }) => OwnedClient,
): RedisConnection {
  if ((client === undefined) === (url === undefined)) {
    throw new CairnError({
      code: 'INVALID_OPTIONS',
      message: 'Pass exactly one of `client` (a connected node-redis client) and `url` (e.g. "redis://127.0.0.1:6379").',
    });
  }
  if (client !== undefined) {
    if (typeof client.sendCommand !== 'function') {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: 'Invalid client: pass a node-redis client (createClient() from "redis").' });
    }
    return { client: async () => client, close: async () => {} };
  }
  if (typeof url !== 'string' || url === '') {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid url ${JSON.stringify(url)}: pass a Redis URL such as "redis://127.0.0.1:6379".` });
  }
  let owned: OwnedClient | undefined;
  let connecting: Promise<unknown> | undefined;
  let closed = false;
  return {
    async client() {
      if (closed) throw new CairnError({ code: 'INVALID_OPTIONS', message: 'This Redis session store was closed; create a new one.' });
      if (owned === undefined) {
        owned = createClient({ url });
        owned.on('error', () => {});
        connecting = owned.connect();
      }
      await connecting;
      return owned;
    },
    async close() {
      closed = true;
      if (owned === undefined) return;
      await connecting?.catch(() => undefined);
      if (owned.isOpen) await owned.close();
    },
  };
}
