import { randomUUID } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { inject } from 'vitest';

/** The Redis URL of this test run ('' when Redis tests are skipped). */
export const REDIS_URL = inject('redisUrl');

/** A fresh key prefix, so tests never see each other's keys. */
export function uniquePrefix(): string {
  return `test-${randomUUID().slice(0, 8)}`;
}

/** A connected raw client for inspecting and tampering with keys. */
export async function connectRawClient(): Promise<RedisClientType> {
  const client: RedisClientType = createClient({ url: REDIS_URL });
  client.on('error', () => {});
  await client.connect();
  return client;
}
