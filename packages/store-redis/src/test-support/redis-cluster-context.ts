import { createCluster, type RedisClusterType } from 'redis';

/**
 * Root node URLs of the Redis Cluster the cluster tests run against, from
 * `CAIRN_REDIS_CLUSTER_URLS` (comma-separated); empty when unset (the tests skip, saying why).
 * `.ci/run` starts a 3-primary cluster on loopback ports and sets it.
 */
export const CLUSTER_URLS: readonly string[] = (process.env.CAIRN_REDIS_CLUSTER_URLS ?? '')
  .split(',')
  .map((url) => url.trim())
  .filter((url) => url !== '');

/** A connected cluster client for inspecting and tampering with keys. */
export async function connectRawCluster(): Promise<RedisClusterType> {
  const cluster: RedisClusterType = createCluster({ rootNodes: CLUSTER_URLS.map((url) => ({ url })) });
  cluster.on('error', () => {});
  await cluster.connect();
  return cluster;
}
