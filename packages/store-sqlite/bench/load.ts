/**
 * Load benchmark for the session stores (not a test):
 *   npm run bench -w @cairn/store-sqlite -- [--sessions 10000] [--messages 200] [--long 2000] [--store memory,sqlite]
 * Runs `runStoreLoad` from @cairn/bench once per store, each in a fresh child process so memory
 * numbers do not mix, and prints one table.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createInMemorySessionStore, type SessionStore } from '@cairn/core';
import { runStoreLoad, type StoreLoadResult } from '@cairn/bench';
import { createSqliteSessionStore } from '../src/index.js';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '10000' },
    messages: { type: 'string', default: '200' },
    long: { type: 'string', default: '2000' },
    store: { type: 'string', default: 'memory,sqlite' },
    child: { type: 'boolean', default: false },
  },
});
const sessions = Number(values.sessions);
const messagesPerSession = Number(values.messages);
const loadSessionSize = Number(values.long);

async function runOne(kind: string): Promise<StoreLoadResult & { store: string }> {
  let store: SessionStore;
  let measureBytes: (() => number) | undefined;
  let cleanup = (): void => undefined;
  if (kind === 'sqlite') {
    const folder = mkdtempSync(join(tmpdir(), 'cairn-load-'));
    const path = join(folder, 'sessions.db');
    store = createSqliteSessionStore({ path });
    const size = (file: string): number => {
      try {
        return statSync(file).size;
      } catch {
        return 0;
      }
    };
    measureBytes = () => size(path) + size(`${path}-wal`);
    cleanup = () => rmSync(folder, { recursive: true, force: true });
  } else {
    store = createInMemorySessionStore({ maxSessions: Number.POSITIVE_INFINITY });
  }
  const result = await runStoreLoad({
    store,
    sessions,
    messagesPerSession,
    loadSessionSize,
    measureBytes,
    onProgress: (written, total) => process.stderr.write(`\r${kind}: ${written.toLocaleString()} / ${total.toLocaleString()} messages`),
  });
  process.stderr.write('\n');
  await store.close?.();
  cleanup();
  return { store: kind, ...result };
}

if (values.child) {
  process.stdout.write(`${JSON.stringify(await runOne(values.store!))}\n`);
} else {
  const rows: (StoreLoadResult & { store: string })[] = [];
  for (const kind of values.store!.split(',')) {
    const script = fileURLToPath(import.meta.url);
    const args = ['--expose-gc', '--max-old-space-size=12288', '--import', 'tsx', '--conditions=@cairn/source', script, '--child', '--store', kind];
    args.push('--sessions', String(sessions), '--messages', String(messagesPerSession), '--long', String(loadSessionSize));
    const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 1 << 20 });
    if (run.status !== 0) throw new Error(`${kind} run failed (${run.status})`);
    rows.push(JSON.parse(run.stdout.trim().split('\n').pop()!));
  }
  const kb = (bytes: number | undefined): string => (bytes === undefined ? '—' : `${(bytes / 1024).toFixed(1)} KiB`);
  console.log(`\n${sessions.toLocaleString()} sessions × ${messagesPerSession} messages (appends of 1–3 messages, round-robin), long session ${loadSessionSize} messages; Node ${process.version}\n`);
  console.log(`| store | appends/s | messages/s | write time | load ${loadSessionSize.toLocaleString()}-msg session (store.load) | openSession (load + restore) | heap / session | RSS / session | store bytes / session |`);
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) {
    console.log(
      `| ${row.store} | ${Math.round(row.appendsPerSecond).toLocaleString()} | ${Math.round(row.messagesPerSecond).toLocaleString()} | ${row.appendSeconds.toFixed(1)} s | ${row.loadMs.toFixed(1)} ms | ${row.openMs.toFixed(1)} ms | ${kb(row.heapBytesPerSession)} | ${kb(row.rssBytesPerSession)} | ${kb(row.storeBytesPerSession)} |`,
    );
  }
}
