/**
 * A child process for the multi-process tests: opens one Redis session through core's
 * `openSession` and writes to it, then prints a JSON line with what it saw. Run with
 * `node --import tsx --conditions=@cairn/source session-writer-process.ts '<job JSON>'`.
 *
 * Jobs:
 * - `append`: waits for a line on stdin (so two writers start together), then ingests `count`
 *   messages with ids `${writer}-…`, one `ingest` at a time; prints the number of conflicts the
 *   store reported (each one was caught up with and retried by the session).
 * - `batches`: ingests `messages` in the given `batches` (sizes), assembling after each, then
 *   closes; prints the last view when `printView` is set.
 */
import { CairnError, openSession, type AssembleResult, type CairnMessage, type SessionStore } from '@cairn/core';
import { createSampleMessages } from '@cairn/core/testing';
import { createInterface } from 'node:readline';
import { createRedisSessionStore } from '../create-redis-session-store.js';

interface Job {
  readonly kind: 'append' | 'batches';
  /** The Redis URL, unless `clusterUrls` names a Redis Cluster. */
  readonly url?: string;
  readonly clusterUrls?: readonly string[];
  readonly keyPrefix: string;
  readonly tenant: string;
  readonly sessionId: string;
  readonly writer?: string;
  readonly count?: number;
  readonly start?: number;
  readonly batches?: readonly number[];
  readonly budget?: number;
  readonly query?: string;
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const redis = job.clusterUrls ? createRedisSessionStore({ clusterUrls: job.clusterUrls, keyPrefix: job.keyPrefix }) : createRedisSessionStore({ url: job.url, keyPrefix: job.keyPrefix });
let conflicts = 0;
const store: SessionStore = {
  ...redis,
  async append(key, messages, options) {
    try {
      return await redis.append(key, messages, options);
    } catch (error) {
      if (CairnError.isInstance(error) && error.code === 'SESSION_CONFLICT') conflicts += 1;
      throw error;
    }
  },
};

async function waitForGo(): Promise<void> {
  const lines = createInterface({ input: process.stdin });
  process.stdout.write('ready\n');
  for await (const _line of lines) break;
  lines.close();
}

async function main(): Promise<void> {
  // Two writers appending back to back conflict on most appends; openSession's default of 5
  // catch-up rounds (DEFAULT_MAX_CONFLICT_RETRIES) gives up under that load (SESSION_CONFLICT,
  // nothing lost), so the writers allow many.
  const session = await openSession({ store, tenant: job.tenant, sessionId: job.sessionId, budget: job.budget ?? 600, maxConflictRetries: 10_000 });
  if (job.kind === 'append') {
    const own: CairnMessage[] = createSampleMessages(job.count ?? 0, { prefix: job.writer ?? 'w', size: 40 }).map((message) =>
      message.role === 'tool' || message.toolCalls ? { id: message.id, role: 'user', content: `note ${message.id}` } : message,
    );
    await waitForGo();
    for (const message of own) await session.ingest(message);
    await session.close();
    process.stdout.write(`${JSON.stringify({ conflicts })}\n`);
    return;
  }
  const messages = createSampleMessages((job.start ?? 0) + (job.batches ?? []).reduce((sum, size) => sum + size, 0), { prefix: 'view' }).slice(job.start ?? 0);
  let view: AssembleResult | undefined;
  let offset = 0;
  for (const size of job.batches ?? []) {
    await session.ingest(messages.slice(offset, offset + size));
    offset += size;
    view = session.assemble({ budget: job.budget ?? 600, ...(job.query === undefined ? {} : { query: job.query }) });
  }
  await session.close();
  process.stdout.write(`${JSON.stringify({ view })}\n`);
}

main()
  .then(() => redis.close?.())
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
    return redis.close?.();
  });
