/**
 * Many writers on one session (a benchmark phase, not a test): `writers` sessions opened with
 * `openSession` on the same stored session (each on its own store, as separate app servers would
 * be), each ingesting `messagesPerWriter` messages one at a time, all at once. Every lost race is
 * a `SESSION_CONFLICT` the session catches up from and retries; the cost of catching up is what
 * this measures. The session starts with `initialLog` messages, so a catch-up that re-read the
 * whole log would show.
 */
import { openSession, CairnError, type SessionStore } from '@cairn/core';
import { createSampleMessages } from '@cairn/core/testing';
import { performance } from 'node:perf_hooks';

/** Options for {@link runConcurrentWriters}. */
export interface ConcurrentWritersOptions {
  /** Makes one writer's store (called once per writer, plus once to seed the session). */
  readonly createStore: () => SessionStore;
  readonly writers: number;
  readonly messagesPerWriter: number;
  readonly initialLog: number;
  /** The session id (a fresh one per run). */
  readonly sessionId: string;
}

/** What {@link runConcurrentWriters} measured. */
export interface ConcurrentWritersResult {
  readonly writers: number;
  readonly messages: number;
  readonly seconds: number;
  /** Wall time per acknowledged message, in ms. */
  readonly msPerMessage: number;
  /** Conflicts caught up from and retried, over all writers. */
  readonly conflicts: number;
  /** Messages in the log at the end (initial log + every writer's). */
  readonly finalLength: number;
}

/** Runs the writers and checks that the log holds every message. */
export async function runConcurrentWriters({ createStore, writers, messagesPerWriter, initialLog, sessionId }: ConcurrentWritersOptions): Promise<ConcurrentWritersResult> {
  const key = { tenant: 'writers', sessionId };
  const seed = createStore();
  await seed.append(key, createSampleMessages(initialLog, { prefix: 'seed', size: 400 }));
  let conflicts = 0;
  const stores = Array.from({ length: writers }, () => {
    const store = createStore();
    const counting: SessionStore = {
      ...store,
      load: (target) => store.load(target),
      ...(store.loadTail ? { loadTail: (target: typeof key, from: number) => store.loadTail!(target, from) } : {}),
      append: async (target, messages, options) => {
        try {
          return await store.append(target, messages, options);
        } catch (error) {
          if (CairnError.isInstance(error) && error.code === 'SESSION_CONFLICT') conflicts += 1;
          throw error;
        }
      },
    };
    return { store, counting };
  });
  const sessions = await Promise.all(stores.map(({ counting }) => openSession({ store: counting, ...key, maxConflictRetries: 100_000, checkpointEvery: 1_000_000 })));
  const started = performance.now();
  await Promise.all(
    sessions.map(async (session, writer) => {
      for (let index = 0; index < messagesPerWriter; index++) {
        await session.ingest({ id: `w${writer}-${index}`, role: 'user', content: `Writer ${writer} note ${index}: checked ORD-${4800 + index}.` });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const finalLength = (await seed.load(key))?.messages.length ?? 0;
  if (finalLength !== initialLog + writers * messagesPerWriter) throw new Error(`lost messages: the log has ${finalLength}, expected ${initialLog + writers * messagesPerWriter}`);
  await seed.delete(key);
  await Promise.all(stores.map(({ store }) => store.close?.()));
  await seed.close?.();
  const messages = writers * messagesPerWriter;
  return { writers, messages, seconds, msPerMessage: (seconds * 1000) / messages, conflicts, finalLength };
}
