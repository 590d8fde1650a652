/**
 * Redis store load benchmark (not a test): N sessions × M messages appended through the store
 * in turns of two messages with optimistic checks, many sessions in flight; then the load time
 * of one 2,000-message session. Reports appends/s, load time and memory per session
 * (`INFO memory` used_memory delta ÷ sessions).
 *
 *   npm run bench -w @cairn/store-redis
 *   CAIRN_BENCH_SESSIONS=1000 CAIRN_BENCH_MESSAGES=50 npm run bench -w @cairn/store-redis
 *
 * Uses CAIRN_REDIS_URL when set (its keys go under a fresh prefix and are deleted afterwards),
 * else starts a throwaway redis-server.
 */
import { openSession, type CairnMessage } from '@cairn/core';
import { createSampleMessages } from '@cairn/core/testing';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createClient } from 'redis';
import { createRedisSessionStore } from '../src/index.js';
import { startRedisServer, type StartedRedis } from '../src/test-support/start-redis-server.js';

const SESSIONS = Number(process.env.CAIRN_BENCH_SESSIONS ?? 10_000);
const MESSAGES = Number(process.env.CAIRN_BENCH_MESSAGES ?? 200);
const CONCURRENCY = Number(process.env.CAIRN_BENCH_CONCURRENCY ?? 64);
const TURN = 2;
const LONG_SESSION = 2_000;
const LOAD_RUNS = 30;

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function usedMemory(client: { info(section: string): Promise<unknown> }): Promise<number> {
  const info = String(await client.info('memory'));
  return Number(/used_memory:(\d+)/.exec(info)?.[1]);
}

async function main(): Promise<void> {
  let server: StartedRedis | undefined;
  const url = process.env.CAIRN_REDIS_URL ?? (server = await startRedisServer()).url;
  const keyPrefix = `bench-${randomUUID().slice(0, 8)}`;
  const raw = createClient({ url });
  await raw.connect();
  const store = createRedisSessionStore({ client: raw, keyPrefix });
  const tenant = 'bench';
  try {
    const memoryBefore = await usedMemory(raw);
    let next = 0;
    let appendCalls = 0;
    const started = performance.now();
    async function worker(): Promise<void> {
      for (let index = next++; index < SESSIONS; index = next++) {
        const key = { tenant, sessionId: `s-${index}` };
        const messages: CairnMessage[] = createSampleMessages(MESSAGES, { prefix: `s${index}` });
        for (let offset = 0; offset < messages.length; offset += TURN) {
          await store.append(key, messages.slice(offset, offset + TURN), { expectedLength: offset });
          appendCalls += 1;
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    const memoryAfter = await usedMemory(raw);

    const longKey = { tenant, sessionId: 'long' };
    const long = createSampleMessages(LONG_SESSION, { prefix: 'long' });
    for (let offset = 0; offset < long.length; offset += 500) await store.append(longKey, long.slice(offset, offset + 500));
    const loadTimes: number[] = [];
    for (let run = 0; run < LOAD_RUNS; run += 1) {
      const before = performance.now();
      const loaded = await store.load(longKey);
      loadTimes.push(performance.now() - before);
      if (loaded?.messages.length !== LONG_SESSION) throw new Error('the long session did not load whole');
    }
    const first = await openSession({ store, tenant, sessionId: 'long' });
    await first.close();
    const openTimes: number[] = [];
    for (let run = 0; run < 10; run += 1) {
      const before = performance.now();
      const session = await openSession({ store, tenant, sessionId: 'long' });
      openTimes.push(performance.now() - before);
      if (session.engine.getMessages().length !== LONG_SESSION) throw new Error('the long session did not open whole');
    }

    const messagesWritten = SESSIONS * MESSAGES;
    const result = {
      redis: (await raw.info('server')).match(/redis_version:(\S+)/)?.[1],
      sessions: SESSIONS,
      messagesPerSession: MESSAGES,
      concurrency: CONCURRENCY,
      messagesPerAppend: TURN,
      seconds: Number(seconds.toFixed(1)),
      appendCallsPerSecond: Math.round(appendCalls / seconds),
      messagesPerSecond: Math.round(messagesWritten / seconds),
      load2000MedianMs: Number(quantile(loadTimes, 0.5).toFixed(1)),
      load2000P95Ms: Number(quantile(loadTimes, 0.95).toFixed(1)),
      openSession2000MedianMs: Number(quantile(openTimes, 0.5).toFixed(1)),
      bytesPerSession: Math.round((memoryAfter - memoryBefore) / SESSIONS),
    };
    console.log(`Redis session store: ${SESSIONS} sessions × ${MESSAGES} messages (${TURN} per append, ${CONCURRENCY} sessions in flight)`);
    console.log(`  appends/s:                 ${result.appendCallsPerSecond} calls (${result.messagesPerSecond} messages/s) over ${result.seconds} s`);
    console.log(`  load 2,000-message session: median ${result.load2000MedianMs} ms, p95 ${result.load2000P95Ms} ms (openSession from a saved state: ${result.openSession2000MedianMs} ms)`);
    console.log(`  memory per session:        ${(result.bytesPerSession / 1024).toFixed(1)} KiB (used_memory delta ÷ sessions)`);
    console.log(JSON.stringify(result));
  } finally {
    for await (const keys of raw.scanIterator({ MATCH: `${keyPrefix}:*`, COUNT: 1000 })) if (keys.length > 0) await raw.unlink(keys);
    await raw.close();
    await server?.stop();
  }
}

await main();
