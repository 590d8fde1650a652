import { openSession, type ContextEngineOptions, type SessionKey, type SessionStore } from '@cairn/core';
import { loadMessage } from './load-messages.js';

/** Sessions written by default. */
export const DEFAULT_LOAD_SESSIONS = 10_000;
/** Messages per session by default. */
export const DEFAULT_LOAD_MESSAGES = 200;
/** Messages in the session whose load time is measured. */
export const DEFAULT_LOAD_SESSION_SIZE = 2_000;
/** Appends carry 1 to this many messages (an agent step: a call and its result, a reply…). */
export const DEFAULT_MAX_BATCH = 3;

/** Options for {@link runStoreLoad}. */
export interface RunStoreLoadOptions {
  /** The store under load (an empty one: the run writes tenant `load`). */
  store: SessionStore;
  /** Sessions to write. @default DEFAULT_LOAD_SESSIONS (10,000) */
  sessions?: number;
  /** Messages per session. @default DEFAULT_LOAD_MESSAGES (200) */
  messagesPerSession?: number;
  /** Largest append (appends carry 1, 2, 3, … messages in turn). @default DEFAULT_MAX_BATCH (3) */
  maxBatch?: number;
  /** Messages of the session whose load time is measured. @default DEFAULT_LOAD_SESSION_SIZE (2,000) */
  loadSessionSize?: number;
  /** Times the load is measured (the median is reported). @default 5 */
  loadRepeats?: number;
  /** Engine options for the measured restore. @default the engine's defaults */
  engineOptions?: Omit<ContextEngineOptions, 'sessionId'>;
  /** Bytes the store occupies (e.g. the database file and its WAL); reported per session when given. @default none */
  measureBytes?: () => number;
  /** Milliseconds clock. @default performance.now */
  now?: () => number;
  /** Progress, once per round over all sessions. @default none */
  onProgress?: (written: number, total: number) => void;
}

/** What {@link runStoreLoad} measured. */
export interface StoreLoadResult {
  sessions: number;
  messages: number;
  appends: number;
  appendSeconds: number;
  appendsPerSecond: number;
  messagesPerSecond: number;
  /** The measured session's size and its median times: `store.load` alone, and `openSession` (load + restore state + ingest tail). */
  loadSessionMessages: number;
  loadMs: number;
  openMs: number;
  /** JS heap growth over the write phase divided by sessions (after GC when `--expose-gc` is on). */
  heapBytesPerSession: number;
  /** Resident set growth over the write phase divided by sessions. */
  rssBytesPerSession: number;
  /** `measureBytes()` after the run divided by sessions, when given. */
  storeBytesPerSession?: number;
  /** Whether heap numbers were taken after a forced GC. */
  gcForced: boolean;
}

function collectGarbage(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return false;
  gc();
  gc();
  return true;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * A store-agnostic load benchmark (not a test): writes `sessions` × `messagesPerSession`
 * realistic agent messages round-robin across sessions (as a service with many concurrent
 * agents would), in appends of 1–`maxBatch` messages with the optimistic `expectedLength`
 * check, then times loading one `loadSessionSize`-message session (saved through `openSession`
 * with a state) and reports appends/s, messages/s and memory per session.
 *
 * @param options - The store and the run's size.
 * @returns The measurements.
 *
 * @example
 * ```ts
 * const result = await runStoreLoad({ store: createInMemorySessionStore(), sessions: 1_000 });
 * console.log(result.appendsPerSecond, result.openMs);
 * ```
 */
export async function runStoreLoad({
  store,
  sessions = DEFAULT_LOAD_SESSIONS,
  messagesPerSession = DEFAULT_LOAD_MESSAGES,
  maxBatch = DEFAULT_MAX_BATCH,
  loadSessionSize = DEFAULT_LOAD_SESSION_SIZE,
  loadRepeats = 5,
  engineOptions = {},
  measureBytes,
  now = () => performance.now(),
  onProgress,
}: RunStoreLoadOptions): Promise<StoreLoadResult> {
  const keys: SessionKey[] = Array.from({ length: sessions }, (_, index) => ({ tenant: 'load', sessionId: `session-${index}` }));
  const lengths = new Array<number>(sessions).fill(0);
  const gcForced = collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  let appends = 0;
  let messages = 0;
  const started = now();
  for (let round = 0; lengths[0]! < messagesPerSession; round++) {
    const size = Math.min(1 + (round % maxBatch), messagesPerSession - lengths[0]!);
    for (let index = 0; index < sessions; index++) {
      const from = lengths[index]!;
      const batch = Array.from({ length: size }, (_, offset) => loadMessage(`s${index}`, from + offset));
      const { length } = await store.append(keys[index]!, batch, { expectedLength: from });
      lengths[index] = length;
      appends++;
      messages += size;
    }
    onProgress?.(messages, sessions * messagesPerSession);
  }
  const appendSeconds = (now() - started) / 1000;
  collectGarbage();
  const heapBytesPerSession = (process.memoryUsage().heapUsed - heapBefore) / sessions;
  const rssBytesPerSession = (process.memoryUsage().rss - rssBefore) / sessions;

  // One long session, written as an agent would (with checkpoints), then loaded again and again.
  const writer = await openSession({ ...engineOptions, store, tenant: 'load', sessionId: 'long-session', checkpointEvery: 50 });
  for (let from = 0; from < loadSessionSize; from += 4) {
    await writer.ingest(Array.from({ length: Math.min(4, loadSessionSize - from) }, (_, offset) => loadMessage('long', from + offset)));
  }
  await writer.close();
  const loadTimes: number[] = [];
  const openTimes: number[] = [];
  for (let repeat = 0; repeat < loadRepeats; repeat++) {
    let start = now();
    const loaded = await store.load({ tenant: 'load', sessionId: 'long-session' });
    loadTimes.push(now() - start);
    if (loaded?.messages.length !== loadSessionSize) throw new Error(`runStoreLoad: the long session came back with ${loaded?.messages.length} messages`);
    start = now();
    const session = await openSession({ ...engineOptions, store, tenant: 'load', sessionId: 'long-session' });
    openTimes.push(now() - start);
    if (session.engine.getMessages().length !== loadSessionSize) throw new Error('runStoreLoad: the long session restored incompletely');
  }
  const result: StoreLoadResult = {
    sessions,
    messages,
    appends,
    appendSeconds,
    appendsPerSecond: appends / appendSeconds,
    messagesPerSecond: messages / appendSeconds,
    loadSessionMessages: loadSessionSize,
    loadMs: median(loadTimes),
    openMs: median(openTimes),
    heapBytesPerSession,
    rssBytesPerSession,
    gcForced,
  };
  if (measureBytes) result.storeBytesPerSession = measureBytes() / sessions;
  return result;
}
