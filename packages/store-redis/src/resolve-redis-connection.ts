import { CairnError } from '@cairn/core';
import { clusterCommandClient, type RedisClusterCommandClient, type RedisCommandClient } from './run-redis-script.js';
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

/** A cluster client the store created from `clusterUrls`: connected on first use, closed by the store. */
interface OwnedCluster extends RedisClusterCommandClient {
  on(event: 'error', listener: (error: unknown) => void): unknown;
  connect(): Promise<unknown>;
  close(): Promise<void>;
  readonly isOpen: boolean;
}

/** The options the store gives the cluster client it creates. */
interface OwnedClusterOptions {
  rootNodes: { url: string }[];
  defaults: Omit<OwnedClientOptions, 'url'>;
}

/** How the store makes its own clients (node-redis's `createClient` and `createCluster`). */
export interface RedisClientFactories {
  createClient(options: OwnedClientOptions): OwnedClient;
  createCluster(options: OwnedClusterOptions): OwnedCluster;
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
export function resolveRedisConnection({ client, url, cluster, clusterUrls }: RedisSessionStoreOptions, factories: RedisClientFactories): RedisConnection {
  if ([client, url, cluster, clusterUrls].filter((option) => option !== undefined).length !== 1) {
    throw new CairnError({
      code: 'INVALID_OPTIONS',
      message:
        'Pass exactly one of `client` (a connected node-redis client), `url` (e.g. "redis://127.0.0.1:6379"), `cluster` (a connected node-redis cluster client) and `clusterUrls` (root node URLs of a Redis Cluster).',
    });
  }
  if (client !== undefined) {
    if (typeof client.sendCommand !== 'function') {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: 'Invalid client: pass a node-redis client (createClient() from "redis").' });
    }
    return { client: async () => client, close: async () => {} };
  }
  if (cluster !== undefined) {
    if (typeof cluster.sendCommand !== 'function') {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: 'Invalid cluster: pass a node-redis cluster client (createCluster() from "redis").' });
    }
    const commands = clusterCommandClient(cluster);
    return { client: async () => commands, close: async () => {} };
  }
  if (clusterUrls !== undefined) {
    if (!Array.isArray(clusterUrls) || clusterUrls.length === 0 || !clusterUrls.every((root) => typeof root === 'string' && root !== '')) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid clusterUrls ${JSON.stringify(clusterUrls)}: pass one or more Redis URLs of cluster nodes, such as ["redis://127.0.0.1:7000"].` });
    }
    return ownedConnection(() => {
      const owned = factories.createCluster({ rootNodes: clusterUrls.map((root) => ({ url: root })), defaults: ownClientSettings() });
      return { owned, commands: clusterCommandClient(owned) };
    });
  }
  if (typeof url !== 'string' || url === '') {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid url ${JSON.stringify(url)}: pass a Redis URL such as "redis://127.0.0.1:6379".` });
  }
  return ownedConnection(() => {
    const owned = factories.createClient({ url, ...ownClientSettings() });
    return { owned, commands: owned };
  });
}

/** The connection settings of every client the store creates: no offline queue, a few reconnects. */
function ownClientSettings(): Omit<OwnedClientOptions, 'url'> {
  return { disableOfflineQueue: true, socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: retryConnecting } };
}

/** The part of an owned client or cluster the connection manages. */
interface Owned {
  on(event: 'error', listener: (error: unknown) => void): unknown;
  connect(): Promise<unknown>;
  close(): Promise<void>;
  readonly isOpen: boolean;
}

/** A connection to a client the store owns: made and connected on first use, made afresh after it gave up, closed by `close()`. */
function ownedConnection(create: () => { owned: Owned; commands: RedisCommandClient }): RedisConnection {
  let owned: Owned | undefined;
  let commands: RedisCommandClient | undefined;
  let connecting: Promise<unknown> | undefined;
  let closed = false;
  return {
    async client() {
      if (closed) throw new CairnError({ code: 'INVALID_OPTIONS', message: 'This Redis session store was closed; create a new one.' });
      // A client whose reconnects gave up is closed for good: start a fresh one.
      if (owned !== undefined && connecting !== undefined && !owned.isOpen) connecting = undefined;
      if (owned === undefined || connecting === undefined) {
        const made = create();
        const client = made.owned;
        client.on('error', () => {});
        owned = client;
        commands = made.commands;
        connecting = client.connect().catch((error: unknown) => {
          if (owned === client) connecting = undefined;
          throw error;
        });
      }
      await connecting;
      return commands!;
    },
    async close() {
      closed = true;
      if (owned === undefined) return;
      await connecting?.catch(() => undefined);
      if (owned.isOpen) await owned.close();
    },
  };
}
