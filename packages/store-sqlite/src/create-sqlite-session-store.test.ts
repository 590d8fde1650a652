import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { CairnError, openSession, type SessionKey } from '@cairn/core';
import { createSampleMessages, describeSessionStoreConformance } from '@cairn/core/testing';
import { createSqliteSessionStore } from './create-sqlite-session-store.js';
import { SCHEMA_VERSION } from './migrate-schema.js';
import { tempFolder } from './test-support/temp-database.js';

const folder = tempFolder();
afterAll(() => folder.remove());
let files = 0;
const freshPath = (): string => folder.path(`store-${files++}.db`);

describeSessionStoreConformance('sqlite (file)', {
  createStore: () => createSqliteSessionStore({ path: freshPath() }),
  corruptMessages: async (_store, key) => {
    // The last file made is the one under test; write garbage with plain SQL from another connection.
    const raw = new DatabaseSync(folder.path(`store-${files - 1}.db`));
    raw.prepare('UPDATE messages SET body = ? WHERE tenant = ? AND session_id = ? AND position = 1').run('{"id": "broken', key.tenant, key.sessionId);
    raw.close();
  },
});

describeSessionStoreConformance('sqlite (:memory:)', { createStore: () => createSqliteSessionStore({ path: ':memory:' }) });

function codeOf(error: unknown): string | undefined {
  return CairnError.isInstance(error) ? error.code : undefined;
}

describe('createSqliteSessionStore', () => {
  const key: SessionKey = { tenant: 'acme', sessionId: 'chat-1' };

  it('opens the file in WAL mode with the current schema version, many sessions in one file', async () => {
    const path = freshPath();
    const store = createSqliteSessionStore({ path });
    for (let index = 0; index < 5; index++) await store.append({ tenant: 'acme', sessionId: `s${index}` }, createSampleMessages(2, { prefix: `s${index}` }));
    await store.close();
    expect(existsSync(path)).toBe(true);
    const raw = new DatabaseSync(path);
    expect(raw.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(raw.prepare('SELECT version FROM schema_version').all()).toEqual([{ version: SCHEMA_VERSION }]);
    expect(raw.prepare('SELECT COUNT(*) AS count FROM messages').get()).toEqual({ count: 10 });
    raw.close();
  });

  it('stores one row per message and never rewrites earlier rows on append', async () => {
    const path = freshPath();
    const store = createSqliteSessionStore({ path });
    const messages = createSampleMessages(6, { prefix: 'rows' });
    await store.append(key, messages.slice(0, 3));
    const raw = new DatabaseSync(path);
    // A trigger records every UPDATE or DELETE of a message row: an append must cause none.
    raw.exec("CREATE TABLE touched (position INTEGER); CREATE TRIGGER t_upd AFTER UPDATE ON messages BEGIN INSERT INTO touched VALUES (old.position); END; CREATE TRIGGER t_del AFTER DELETE ON messages BEGIN INSERT INTO touched VALUES (old.position); END;");
    await store.append(key, messages.slice(3));
    await store.saveState(key, { messageCount: 6, data: 'x' });
    expect(raw.prepare('SELECT COUNT(*) AS count FROM touched').get()).toEqual({ count: 0 });
    expect(raw.prepare('SELECT position FROM messages WHERE session_id = ? ORDER BY position').all('chat-1').map((row) => row.position)).toEqual([0, 1, 2, 3, 4, 5]);
    raw.close();
    await store.close();
  });

  it('keeps sessions across reopening the file', async () => {
    const path = freshPath();
    const first = createSqliteSessionStore({ path });
    await first.append(key, createSampleMessages(4));
    await first.saveState(key, { messageCount: 4, data: 'state' });
    await first.close();
    const second = createSqliteSessionStore({ path });
    const loaded = await second.load(key);
    expect(loaded?.messages).toEqual(JSON.parse(JSON.stringify(createSampleMessages(4))));
    expect(loaded?.state).toEqual({ version: 1, messageCount: 4, data: 'state' });
    await second.close();
  });

  it('refuses a database from a newer schema with a typed error, changing nothing', async () => {
    const path = freshPath();
    const store = createSqliteSessionStore({ path });
    await store.append(key, createSampleMessages(2));
    await store.close();
    const raw = new DatabaseSync(path);
    raw.prepare('UPDATE schema_version SET version = ?').run(SCHEMA_VERSION + 1);
    raw.close();
    let error: unknown;
    try {
      createSqliteSessionStore({ path });
    } catch (caught) {
      error = caught;
    }
    expect(codeOf(error)).toBe('INVALID_OPTIONS');
    expect((error as Error).message).toContain(`schema version ${SCHEMA_VERSION + 1}`);
    const check = new DatabaseSync(path);
    expect(check.prepare('SELECT COUNT(*) AS count FROM messages').get()).toEqual({ count: 2 });
    check.close();
  });

  it('migrates a database made before any cairn table (version 0) and leaves its other tables alone', async () => {
    const path = freshPath();
    const raw = new DatabaseSync(path);
    raw.exec("CREATE TABLE app_data (name TEXT); INSERT INTO app_data VALUES ('kept');");
    const store = createSqliteSessionStore({ database: raw });
    await store.append(key, createSampleMessages(1));
    await store.close();
    expect(raw.prepare('SELECT name FROM app_data').all()).toEqual([{ name: 'kept' }]);
    expect(raw.prepare('SELECT version FROM schema_version').get()).toEqual({ version: SCHEMA_VERSION });
    raw.close();
  });

  it('reports a state row with wrong column types as CORRUPT_SESSION naming the session', async () => {
    const path = freshPath();
    const store = createSqliteSessionStore({ path });
    await store.append(key, createSampleMessages(2));
    await store.saveState(key, { messageCount: 2, data: 'x' });
    await store.append({ tenant: 'acme', sessionId: 'ok' }, createSampleMessages(2));
    const raw = new DatabaseSync(path);
    raw.prepare('UPDATE states SET data = ? WHERE session_id = ?').run(Buffer.from([1, 2, 3]), 'chat-1');
    raw.close();
    await expect(store.load(key)).rejects.toMatchObject({ code: 'CORRUPT_SESSION', details: { sessionId: 'chat-1' } });
    expect((await store.load({ tenant: 'acme', sessionId: 'ok' }))?.messages).toHaveLength(2);
    await store.close();
  });

  it('never hides acknowledged messages when a state row’s message_count is tampered: the reopened session catches up from the log', async () => {
    const path = freshPath();
    const store = createSqliteSessionStore({ path });
    const messages = createSampleMessages(20, { prefix: 'tamper' });
    const session = await openSession({ store, tenant: 'acme', sessionId: 'tamper', checkpointEvery: 1_000 });
    await session.ingest(messages.slice(0, 10));
    await session.checkpoint();
    await session.ingest(messages.slice(10));
    // A crash: the state row covers 10 messages, the log holds 20. Then the row is tampered.
    const raw = new DatabaseSync(path);
    raw.prepare('UPDATE states SET message_count = 20 WHERE session_id = ?').run('tamper');
    raw.close();
    const reopened = await openSession({ store, tenant: 'acme', sessionId: 'tamper' });
    expect(reopened.engine.getMessages().map((message) => message.id)).toEqual(messages.map((message) => message.id));
    await reopened.close();
    await store.close();
  });

  it('reports a missing message row as CORRUPT_SESSION', async () => {
    const path = freshPath();
    const store = createSqliteSessionStore({ path });
    await store.append(key, createSampleMessages(3));
    const raw = new DatabaseSync(path);
    raw.prepare('DELETE FROM messages WHERE position = 1').run();
    raw.close();
    await expect(store.load(key)).rejects.toMatchObject({ code: 'CORRUPT_SESSION' });
    await store.close();
  });

  it('keeps fidelity decisions across a restart: the reopened session continues with the view the original would show', async () => {
    const path = freshPath();
    const messages = createSampleMessages(64, { prefix: 'fid', size: 400 });
    const store = createSqliteSessionStore({ path });
    const session = await openSession({ store, tenant: 'acme', sessionId: 'fid', budget: 1_500 });
    const twin = await openSession({ tenant: 'acme', sessionId: 'fid', budget: 1_500 });
    for (let offset = 0; offset < 60; offset += 4) {
      const request = { query: offset % 8 === 0 ? 'refund ORD-4821' : undefined };
      await session.ingest(messages.slice(offset, offset + 4));
      await twin.ingest(messages.slice(offset, offset + 4));
      expect(session.assemble(request)).toEqual(twin.assemble(request));
    }
    await session.close();
    await store.close();

    const again = createSqliteSessionStore({ path });
    const reopened = await openSession({ store: again, tenant: 'acme', sessionId: 'fid', budget: 1_500 });
    await reopened.ingest(messages.slice(60));
    await twin.ingest(messages.slice(60));
    const view = reopened.assemble();
    expect(view.messages.some((message) => message.fidelity !== 'full')).toBe(true);
    expect(view).toEqual(twin.assemble());
    // Without the saved decisions (the same log replayed into a fresh engine) the view differs:
    // what survived the restart is the fidelity state, not just the messages.
    const replayed = await openSession({ tenant: 'acme', sessionId: 'fid', budget: 1_500 });
    await replayed.ingest(messages);
    expect(replayed.assemble()).not.toEqual(view);
    await again.close();
  });

  it('validates its options', () => {
    expect(codeOf(catching(() => createSqliteSessionStore({})))).toBe('INVALID_OPTIONS');
    expect(codeOf(catching(() => createSqliteSessionStore({ path: ':memory:', busyTimeoutMs: -1 })))).toBe('INVALID_OPTIONS');
    expect(codeOf(catching(() => createSqliteSessionStore({ path: ':memory:', synchronous: 'OFF' as 'FULL' })))).toBe('INVALID_OPTIONS');
  });
});

function catching(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
