import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { describePlaybookPoolConformance } from '@cairn/core/testing';
import type { PlaybookPool } from '@cairn/core';
import { createSqliteSessionStore, type SqliteSessionStore } from './create-sqlite-session-store.js';
import { MIGRATIONS, SCHEMA_VERSION } from './migrate-schema.js';
import { tempFolder } from './test-support/temp-database.js';

const folder = tempFolder();
afterAll(() => folder.remove());
let files = 0;
const stores = new Map<PlaybookPool, { store: SqliteSessionStore; path: string }>();
function open(path: string): PlaybookPool {
  const store = createSqliteSessionStore({ path });
  stores.set(store.playbookPool, { store, path });
  return store.playbookPool;
}

describePlaybookPoolConformance('sqlite (file)', {
  createPool: () => open(folder.path(`pool-${files++}.db`)),
  reopen: (pool) => open(stores.get(pool)!.path),
  close: async (pool) => {
    await stores.get(pool)?.store.close();
    stores.delete(pool);
  },
});

describePlaybookPoolConformance('sqlite (:memory:)', { createPool: () => createSqliteSessionStore({ path: ':memory:' }).playbookPool });

describe('the sqlite playbook pool', () => {
  it('migrates a file written at schema version 3 to 4, keeping its sessions', async () => {
    expect(SCHEMA_VERSION).toBe(4);
    const path = folder.path('v3.db');
    const raw = new DatabaseSync(path);
    raw.exec('CREATE TABLE schema_version (version INTEGER NOT NULL)');
    for (const step of MIGRATIONS.slice(0, 3)) raw.exec(step);
    raw.prepare('INSERT INTO schema_version (version) VALUES (3)').run();
    raw.prepare("INSERT INTO sessions (tenant, session_id, length) VALUES ('acme', 'old', 0)").run();
    raw.close();
    const store = createSqliteSessionStore({ path });
    expect((await store.list('acme')).sessionIds).toEqual(['old']);
    store.playbookPool.publish('acme', { section: 'strategies', content: 'Use `npm ci`.', helpful: 1, harmful: 0, sessionId: 's1' });
    expect(store.playbookPool.list('acme')).toHaveLength(1);
    await store.close();
    const check = new DatabaseSync(path);
    expect(check.prepare('SELECT version FROM schema_version').get()).toEqual({ version: 4 });
    check.close();
  });

  it('leaves out a damaged row instead of failing the whole list', async () => {
    const path = folder.path('damaged-row.db');
    const store = createSqliteSessionStore({ path });
    store.playbookPool.publish('acme', { section: 'strategies', content: 'good', helpful: 1, harmful: 0, sessionId: 's1' });
    store.playbookPool.publish('acme', { section: 'strategies', content: 'bad', helpful: 1, harmful: 0, sessionId: 's1' });
    const raw = new DatabaseSync(path);
    raw.prepare("UPDATE playbook_pool SET helpful = 'many' WHERE content = 'bad'").run();
    raw.close();
    expect(store.playbookPool.list('acme').map((bullet) => bullet.content)).toEqual(['good']);
    expect(() => store.playbookPool.publish('acme', { section: 'nonsense', content: 'x', helpful: 0, harmful: 0, sessionId: 's' } as never)).toThrow(/shared bullet/);
    await store.close();
  });
});
