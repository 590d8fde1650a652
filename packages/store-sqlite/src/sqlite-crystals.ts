import type { DatabaseSync } from 'node:sqlite';
import { checkCrystalId, checkSessionKey, checkStoredCrystal, crystalsToReap, type SessionKey, type SessionStore, type StoredCrystal, type StoredCrystalInfo } from '@cairn/core';

/** Schema step that adds the crystals table: one row per crystal (history, never one overwritten state). */
export const CRYSTALS_MIGRATION = `CREATE TABLE crystals (
     tenant TEXT NOT NULL,
     session_id TEXT NOT NULL,
     crystal_id TEXT NOT NULL,
     created_at REAL NOT NULL,
     ttl_ms REAL NOT NULL,
     pinned INTEGER NOT NULL,
     data TEXT NOT NULL,
     PRIMARY KEY (tenant, session_id, crystal_id)
   ) WITHOUT ROWID;`;

/** The crystal methods of the SQLite store. @internal */
export type SqliteCrystalMethods = Required<Pick<SessionStore, 'saveCrystal' | 'loadCrystal' | 'listCrystals' | 'cherishCrystal' | 'deleteCrystal' | 'reapCrystals'>> & {
  /** Deletes every crystal of a session, inside the caller's transaction. */
  deleteAll(key: SessionKey): void;
};

type Run = <T>(scope: SessionKey, work: () => T) => T;

interface Row {
  id: unknown;
  createdAt: unknown;
  ttlMs: unknown;
  pinned: unknown;
  data?: unknown;
}

/** A row as a record; a row with wrong column types is reported as its crystal's damaged data (core then says `CORRUPT_CRYSTAL`). */
function toRecord(row: Row): StoredCrystal {
  const valid = typeof row.id === 'string' && typeof row.createdAt === 'number' && typeof row.ttlMs === 'number' && (row.pinned === 0 || row.pinned === 1);
  return {
    id: String(row.id),
    createdAt: valid ? (row.createdAt as number) : 0,
    ttlMs: valid ? (row.ttlMs as number) : 1,
    pinned: row.pinned === 1,
    data: valid && typeof row.data === 'string' ? row.data : '',
  };
}

/**
 * Crystals on SQLite: a row per crystal keyed by (tenant, session id, crystal id), written in the
 * store's transactions. @internal
 */
export function createSqliteCrystals(database: DatabaseSync, read: Run, write: Run): SqliteCrystalMethods {
  const where = 'WHERE tenant = ? AND session_id = ?';
  const columns = 'crystal_id AS id, created_at AS createdAt, ttl_ms AS ttlMs, pinned';
  const statements = {
    upsert: database.prepare(
      'INSERT INTO crystals (tenant, session_id, crystal_id, created_at, ttl_ms, pinned, data) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tenant, session_id, crystal_id) DO UPDATE SET created_at = excluded.created_at, ttl_ms = excluded.ttl_ms, pinned = MAX(pinned, excluded.pinned), data = excluded.data',
    ),
    load: database.prepare(`SELECT ${columns}, data FROM crystals ${where} AND crystal_id = ?`),
    list: database.prepare(`SELECT ${columns} FROM crystals ${where} ORDER BY created_at, crystal_id`),
    cherish: database.prepare(`UPDATE crystals SET pinned = 1 ${where} AND crystal_id = ?`),
    delete: database.prepare(`DELETE FROM crystals ${where} AND crystal_id = ?`),
    deleteAll: database.prepare(`DELETE FROM crystals ${where}`),
  };
  const list = (key: SessionKey): StoredCrystalInfo[] =>
    (statements.list.all(key.tenant, key.sessionId) as unknown as Row[]).map((row) => {
      const { data: _data, ...info } = toRecord(row);
      return info;
    });
  return {
    async saveCrystal(key, crystal) {
      checkSessionKey(key);
      const record = checkStoredCrystal(crystal);
      write(key, () => statements.upsert.run(key.tenant, key.sessionId, record.id, record.createdAt, record.ttlMs, record.pinned ? 1 : 0, record.data));
    },
    async loadCrystal(key, id) {
      checkSessionKey(key);
      checkCrystalId(id);
      const row = read(key, () => statements.load.get(key.tenant, key.sessionId, id) as unknown as Row | undefined);
      return row && toRecord(row);
    },
    async listCrystals(key) {
      checkSessionKey(key);
      return read(key, () => list(key));
    },
    async cherishCrystal(key, id) {
      checkSessionKey(key);
      checkCrystalId(id);
      return write(key, () => Number(statements.cherish.run(key.tenant, key.sessionId, id).changes) > 0);
    },
    async deleteCrystal(key, id) {
      checkSessionKey(key);
      checkCrystalId(id);
      return write(key, () => Number(statements.delete.run(key.tenant, key.sessionId, id).changes) > 0);
    },
    async reapCrystals(key, now) {
      checkSessionKey(key);
      return write(key, () => {
        const ids = crystalsToReap(list(key), now);
        for (const id of ids) statements.delete.run(key.tenant, key.sessionId, id);
        return ids;
      });
    },
    deleteAll(key) {
      statements.deleteAll.run(key.tenant, key.sessionId);
    },
  };
}
