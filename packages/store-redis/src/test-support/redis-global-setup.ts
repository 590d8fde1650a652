import type { TestProject } from 'vitest/node';
import { startRedisServer, type StartedRedis } from './start-redis-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Redis URL the tests use, or '' when none could be had (tests skip loudly). */
    redisUrl: string;
  }
}

let server: StartedRedis | undefined;

/**
 * Vitest global setup for the store-redis project: uses `CAIRN_REDIS_URL` when set, else starts
 * a throwaway `redis-server` on a free port (stopped at teardown). When neither works the Redis
 * tests skip with a loud message — unless `CI` is set, where a missing Redis fails the run.
 */
export async function setup(project: TestProject): Promise<void> {
  const fromEnvironment = process.env.CAIRN_REDIS_URL;
  if (fromEnvironment) {
    project.provide('redisUrl', fromEnvironment);
    return;
  }
  try {
    server = await startRedisServer();
    project.provide('redisUrl', server.url);
    return;
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    if (process.env.CI) throw new Error(`store-redis: no Redis for the tests in CI (${problem}); set CAIRN_REDIS_URL or install redis-server.`);
    const line = '!'.repeat(78);
    console.warn(`\n${line}\n!! store-redis: SKIPPING the Redis tests: ${problem}\n!! Install redis-server or set CAIRN_REDIS_URL to run them.\n${line}\n`);
    project.provide('redisUrl', '');
  }
}

/** Stops the redis-server this setup started, if any. */
export async function teardown(): Promise<void> {
  await server?.stop();
  server = undefined;
}
