import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { createContextEngine, loadCrystal, storeCrystal } from '@cairn/core';
import { createSampleMessages, describeCrystalStoreConformance } from '@cairn/core/testing';
import { createSqliteSessionStore } from './create-sqlite-session-store.js';
import { tempFolder } from './test-support/temp-database.js';

const folder = tempFolder();
afterAll(() => folder.remove());
let files = 0;
const freshPath = (): string => folder.path(`crystals-${files++}.db`);

describeCrystalStoreConformance('sqlite (file)', {
  createStore: () => createSqliteSessionStore({ path: freshPath() }),
  corruptCrystal: async (_store, key, id) => {
    const raw = new DatabaseSync(folder.path(`crystals-${files - 1}.db`));
    raw.prepare('UPDATE crystals SET data = ? WHERE tenant = ? AND session_id = ? AND crystal_id = ?').run('{"format": "cairn.crys', key.tenant, key.sessionId, id);
    raw.close();
  },
});

describeCrystalStoreConformance('sqlite (:memory:)', { createStore: () => createSqliteSessionStore({ path: ':memory:' }) });

describe('sqlite crystals across processes and restarts', () => {
  it('keeps every crystal in its own row, across reopening the file', async () => {
    const path = freshPath();
    const key = { tenant: 'acme', sessionId: 'chat-1' };
    const engine = createContextEngine({ sessionId: key.sessionId, now: () => 1 });
    engine.ingest(createSampleMessages(10));
    const first = engine.crystallize({ tenant: key.tenant, taskState: 1 });
    const second = engine.crystallize({ tenant: key.tenant, taskState: 2 });
    const store = createSqliteSessionStore({ path });
    await storeCrystal(store, key, first);
    await storeCrystal(store, key, second);
    await store.close();
    const raw = new DatabaseSync(path);
    expect(raw.prepare('SELECT COUNT(*) AS count FROM crystals').get()).toEqual({ count: 2 });
    raw.close();
    const again = createSqliteSessionStore({ path });
    expect(await loadCrystal(again, key, second.id)).toEqual(second);
    await again.close();
  });

  it('migrates a database written before crystals, keeping its sessions', async () => {
    const path = freshPath();
    const raw = new DatabaseSync(path);
    raw.exec(`CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1);
      CREATE TABLE sessions (tenant TEXT NOT NULL, session_id TEXT NOT NULL, length INTEGER NOT NULL, PRIMARY KEY (tenant, session_id)) WITHOUT ROWID;
      CREATE TABLE messages (tenant TEXT NOT NULL, session_id TEXT NOT NULL, position INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (tenant, session_id, position)) WITHOUT ROWID;
      CREATE TABLE states (tenant TEXT NOT NULL, session_id TEXT NOT NULL, version INTEGER NOT NULL, message_count INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (tenant, session_id)) WITHOUT ROWID;
      INSERT INTO sessions VALUES ('acme', 'old', 0);`);
    raw.close();
    const store = createSqliteSessionStore({ path });
    expect((await store.list('acme')).sessionIds).toEqual(['old']);
    expect(await store.listCrystals!({ tenant: 'acme', sessionId: 'old' })).toEqual([]);
    await store.close();
  });
});
