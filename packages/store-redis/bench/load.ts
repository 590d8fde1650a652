/**
 * Redis store load benchmark (not a test), on the shared harness `runStoreLoad` from
 * `@cairn/bench`: 10,000 sessions × 200 agent messages appended round-robin with the optimistic
 * check, one append at a time; the load time of a 2,000-message session (`store.load` and
 * `openSession`); memory per session from Redis `INFO memory` (used_memory delta ÷ sessions,
 * the measured long session's own keys subtracted). Then a Redis-specific phase: the same kind
 * of writes with many sessions in flight at once, as several app servers would send them.
 *
 *   npm run bench -w @cairn/store-redis
 *   CAIRN_BENCH_SESSIONS=1000 npm run bench -w @cairn/store-redis
 *   CAIRN_BENCH_ONLY=writers npm run bench -w @cairn/store-redis   # only many writers on one session (CAIRN_BENCH_WRITERS=4,16)
 *
 * Uses CAIRN_REDIS_URL when set (keys go under a fresh prefix and are deleted afterwards), else
 * starts a throwaway redis-server.
 */
import { runStoreLoad } from '@cairn/bench';
import { createSampleMessages } from '@cairn/core/testing';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createClient } from 'redis';
import { createRedisSessionStore } from '../src/index.js';
import { runConcurrentWriters } from './concurrent-writers.js';
import { startRedisServer, type StartedRedis } from '../src/test-support/start-redis-server.js';

const SESSIONS = Number(process.env.CAIRN_BENCH_SESSIONS ?? 10_000);
const MESSAGES = Number(process.env.CAIRN_BENCH_MESSAGES ?? 200);
const CONCURRENCY = Number(process.env.CAIRN_BENCH_CONCURRENCY ?? 64);
/** Writer counts of the many-writers-on-one-session phase, e.g. `4,16`. */
const WRITERS = (process.env.CAIRN_BENCH_WRITERS ?? '4,16').split(',').filter(Boolean).map(Number);
const WRITER_MESSAGES = Number(process.env.CAIRN_BENCH_WRITER_MESSAGES ?? 50);
const WRITER_LOG = Number(process.env.CAIRN_BENCH_WRITER_LOG ?? 2_000);
/** `writers` runs only the many-writers phase. */
const ONLY = process.env.CAIRN_BENCH_ONLY ?? '';

interface InfoClient {
  info(section: string): Promise<unknown>;
  sendCommand(args: string[]): Promise<unknown>;
}

async function usedMemory(client: InfoClient): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(String(await client.info('memory')))?.[1]);
}

async function keyBytes(client: InfoClient, keys: readonly string[]): Promise<number> {
  let total = 0;
  for (const key of keys) total += Number((await client.sendCommand(['MEMORY', 'USAGE', key, 'SAMPLES', '0'])) ?? 0);
  return total;
}

/** Writes sessions × messages with `concurrency` sessions in flight, two messages per append. */
async function concurrentWrites(url: string, concurrency: number): Promise<{ appendsPerSecond: number; messagesPerSecond: number }> {
  const store = createRedisSessionStore({ url, keyPrefix: `bench-c-${randomUUID().slice(0, 8)}` });
  let next = 0;
  let appends = 0;
  const started = performance.now();
  async function worker(): Promise<void> {
    for (let index = next++; index < SESSIONS; index = next++) {
      const key = { tenant: 'load', sessionId: `session-${index}` };
      const messages = createSampleMessages(MESSAGES, { prefix: `s${index}`, size: 600 });
      for (let offset = 0; offset < messages.length; offset += 2) {
        await store.append(key, messages.slice(offset, offset + 2), { expectedLength: offset });
        appends += 1;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  await store.close?.();
  return { appendsPerSecond: appends / seconds, messagesPerSecond: (SESSIONS * MESSAGES) / seconds };
}

/**
 * Prints the many-writers-on-one-session phase: one line per writer count, on the Redis at `url`,
 * then on the Redis Cluster of `CAIRN_REDIS_CLUSTER_URLS` when that is set.
 */
async function writersPhase(url: string): Promise<void> {
  await writersOn('one Redis', (keyPrefix) => createRedisSessionStore({ url, keyPrefix }));
  const clusterUrls = (process.env.CAIRN_REDIS_CLUSTER_URLS ?? '').split(',').filter(Boolean);
  if (clusterUrls.length > 0) await writersOn(`a Redis Cluster (${clusterUrls.length} root nodes)`, (keyPrefix) => createRedisSessionStore({ clusterUrls, keyPrefix }));
}

async function writersOn(where: string, createStore: (keyPrefix: string) => ReturnType<typeof createRedisSessionStore>): Promise<void> {
  const keyPrefix = `bench-w-${randomUUID().slice(0, 8)}`;
  console.log(`Many writers on one session, ${where} (${WRITER_LOG}-message log to start, ${WRITER_MESSAGES} messages per writer, one ingest at a time, catch-up and retry on conflict):`);
  for (const writers of WRITERS) {
    const result = await runConcurrentWriters({
      createStore: () => createStore(keyPrefix),
      writers,
      messagesPerWriter: WRITER_MESSAGES,
      initialLog: WRITER_LOG,
      sessionId: `writers-${writers}`,
    });
    console.log(`  ${String(writers).padStart(2)} writers: ${result.messages} messages in ${result.seconds.toFixed(2)} s (${result.msPerMessage.toFixed(2)} ms per message, ${result.conflicts} conflicts caught up)`);
    console.log(JSON.stringify(result));
  }
}

async function main(): Promise<void> {
  let server: StartedRedis | undefined;
  const url = process.env.CAIRN_REDIS_URL ?? (server = await startRedisServer()).url;
  if (ONLY === 'writers') {
    try {
      await writersPhase(url);
    } finally {
      await server?.stop();
    }
    return;
  }
  const keyPrefix = `bench-${randomUUID().slice(0, 8)}`;
  const raw = createClient({ url });
  await raw.connect();
  try {
    const store = createRedisSessionStore({ client: raw, keyPrefix });
    const before = await usedMemory(raw);
    const result = await runStoreLoad({
      store,
      sessions: SESSIONS,
      messagesPerSession: MESSAGES,
      onProgress: (written, total) => process.stderr.write(`\r  written ${written} / ${total} messages`),
    });
    process.stderr.write('\n');
    const longKeys = ['log', 'state'].map((suffix) => `${keyPrefix}:{load}:long-session:${suffix}`);
    const redisBytesPerSession = ((await usedMemory(raw)) - before - (await keyBytes(raw, longKeys))) / SESSIONS;
    const version = /redis_version:(\S+)/.exec(String(await raw.info('server')))?.[1];
    await raw.flushDb();
    const concurrent = CONCURRENCY > 1 ? await concurrentWrites(url, CONCURRENCY) : undefined;

    console.log(`Redis ${version} session store: ${result.sessions} sessions × ${MESSAGES} messages (runStoreLoad: round-robin, one append at a time)`);
    console.log(`  appends/s:          ${result.appendsPerSecond.toFixed(0)} (${result.messagesPerSecond.toFixed(0)} messages/s; ${result.appends} appends in ${result.appendSeconds.toFixed(1)} s)`);
    console.log(`  load 2,000 messages: store.load ${result.loadMs.toFixed(1)} ms, openSession ${result.openMs.toFixed(1)} ms (medians)`);
    console.log(`  memory per session: ${(redisBytesPerSession / 1024).toFixed(1)} KiB in Redis (used_memory delta); client heap ${(result.heapBytesPerSession / 1024).toFixed(2)} KiB`);
    if (concurrent) {
      console.log(`  ${CONCURRENCY} sessions in flight: ${concurrent.appendsPerSecond.toFixed(0)} appends/s (${concurrent.messagesPerSecond.toFixed(0)} messages/s, 2 per append)`);
    }
    console.log(JSON.stringify({ redis: version, ...result, redisBytesPerSession, concurrency: CONCURRENCY, concurrent }));
    if (WRITERS.length > 0) await writersPhase(url);
  } finally {
    await raw.flushDb().catch(() => undefined);
    await raw.close();
    await server?.stop();
  }
}

await main();
