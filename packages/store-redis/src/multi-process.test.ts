import { openSession, type AssembleResult } from '@cairn/core';
import { createSampleMessages } from '@cairn/core/testing';
import { describe, expect, it } from 'vitest';
import { createRedisSessionStore } from './create-redis-session-store.js';
import { REDIS_URL, uniquePrefix } from './test-support/redis-test-context.js';
import { startWriterProcess } from './test-support/start-writer-process.js';

/** Starts a writer process on the test Redis. */
const startWriter = (job: Record<string, unknown>) => startWriterProcess({ url: REDIS_URL, ...job });

describe.skipIf(!REDIS_URL)('several processes on one Redis session', () => {
  it('two processes appending to one session concurrently lose nothing', async () => {
    const keyPrefix = uniquePrefix();
    const key = { tenant: 'acme', sessionId: 'shared' };
    const perWriter = 150;
    const writers = ['alpha', 'beta'].map((writer) => startWriter({ kind: 'append', keyPrefix, ...key, writer, count: perWriter }));
    await Promise.all(writers.map((writer) => writer.ready));
    for (const writer of writers) writer.child.stdin.end('go\n');
    const outputs = await Promise.all(writers.map((writer) => writer.done));
    const conflicts = outputs.map((lines) => (JSON.parse(lines.at(-1) ?? '{}') as { conflicts: number }).conflicts);

    const store = createRedisSessionStore({ url: REDIS_URL, keyPrefix });
    const loaded = await store.load(key);
    await store.close?.();
    const ids = loaded?.messages.map((message) => message.id) ?? [];
    expect(ids).toHaveLength(2 * perWriter);
    expect(new Set(ids).size).toBe(2 * perWriter);
    for (const writer of ['alpha', 'beta']) {
      const own = ids.filter((id) => id.startsWith(`${writer}-`));
      expect(own).toEqual(Array.from({ length: perWriter }, (_, index) => `${writer}-m${index}`));
    }
    // The writers really raced: the store turned some appends away, and they were retried.
    console.info(`two-writer race: ${conflicts.join(' + ')} conflicts caught up and retried`);
    expect(conflicts[0]! + conflicts[1]!).toBeGreaterThan(0);
  }, 120_000);

  it('a session written by one process and continued by another gives the identical next view', async () => {
    const keyPrefix = uniquePrefix();
    const key = { tenant: 'acme', sessionId: 'handover' };
    const first = [3, 3, 3, 3, 3, 3, 3, 3, 3, 3];
    const query = 'refund ORD-4821';
    await startWriter({ kind: 'batches', keyPrefix, ...key, batches: first }).done;
    const [line] = await startWriter({ kind: 'batches', keyPrefix, ...key, start: 30, batches: [4], query }).done;
    const continued = (JSON.parse(line ?? '{}') as { view: AssembleResult }).view;

    const reference = await openSession({ ...key, budget: 600 });
    const messages = createSampleMessages(34, { prefix: 'view' });
    let offset = 0;
    for (const size of first) {
      await reference.ingest(messages.slice(offset, offset + size));
      offset += size;
      reference.assemble({ budget: 600 });
    }
    await reference.ingest(messages.slice(30, 34));
    const expected = reference.assemble({ budget: 600, query });
    expect(continued.messages.length).toBeGreaterThan(0);
    expect(continued).toEqual(JSON.parse(JSON.stringify(expected)));

    const store = createRedisSessionStore({ url: REDIS_URL, keyPrefix });
    const stored = await store.load(key);
    await store.close?.();
    expect(stored?.messages.map((message) => message.id)).toEqual(messages.map((message) => message.id));
    expect(stored?.state?.messageCount).toBe(34);
  }, 120_000);
});
