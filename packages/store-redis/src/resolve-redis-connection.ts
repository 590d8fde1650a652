import { CairnError } from '@cairn/core';
import type { RedisCommandClient } from './run-redis-script.js';
import type { RedisSessionStoreOptions } from './redis-session-store-options.js';
import { RedisUnreachableError } from './store-unavailable-error.js';

/** A client the store created from a URL: connected on first use, closed by the store. */
interface OwnedClient extends RedisCommandClient {
  on(event: 'error', listener: (error: unknown) => void): unknown;
  connect(): Promise<unknown>;
  close(): Promise<void>;
  readonly isOpen: boolean;
}

/** The options the store gives the client it creates. */
interface OwnedClientOptions {
  url: string;
  disableOfflineQueue: boolean;
  socket: { connectTimeout: number; reconnectStrategy: (retries: number, cause: Error) => number | Error };
}

/** How long one connection attempt of the store's own client may take. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Reconnect attempts (100 ms, doubling to 2 s) before the store's own client gives up. */
const CONNECT_RETRIES = 5;

/** Backs off, then gives up so calls fail instead of waiting forever; the next call reconnects. */
function retryConnecting(retries: number, cause: Error): number | Error {
  return retries >= CONNECT_RETRIES ? new RedisUnreachableError(`Redis is unreachable after ${retries} attempts: ${cause.message}`, { cause }) : Math.min(100 * 2 ** retries, 2_000);
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
 * never closed; a URL gets a client of the store's own, connected lazily and closed by
 * `close()`. While Redis is unreachable, calls fail (no offline queue; reconnects give up after
 * a few seconds, and the next call starts over) rather than wait forever; the client's `error`
 * events are not left unhandled.
 * @throws CairnError `INVALID_OPTIONS` unless exactly one of `client` and `url` is given.
 * @internal
 */
export function resolveRedisConnection(
  { client, url }: RedisSessionStoreOptions,
  createClient: (options: OwnedClientOptions) => OwnedClient,
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
      // A client whose reconnects gave up is closed for good: start a fresh one.
      if (owned !== undefined && connecting !== undefined && !owned.isOpen) connecting = undefined;
      if (owned === undefined || connecting === undefined) {
        const client = createClient({
          url,
          disableOfflineQueue: true,
          socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: retryConnecting },
        });
        client.on('error', () => {});
        owned = client;
        connecting = client.connect().catch((error: unknown) => {
          if (owned === client) connecting = undefined;
          throw error;
        });
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
