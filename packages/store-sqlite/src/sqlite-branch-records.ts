import type { DatabaseSync } from 'node:sqlite';
import { checkBranchRecord, checkSessionKey, corruptSessionError, sessionConflictError, type SessionKey, type SessionStore, type StoredBranch } from '@cairn/core';

/** The transaction helpers of the store (write: `BEGIN IMMEDIATE`; read: one consistent snapshot). @internal */
export interface SqliteTransactions {
  database: DatabaseSync;
  write: <T>(scope: SessionKey, work: () => T) => T;
  read: <T>(scope: SessionKey, work: () => T) => T;
}

/**
 * The branch methods of the SQLite store: one row per (tenant, session, branch name) in the
 * `branches` table (schema version 2), its version checked and bumped in the same write
 * transaction, so concurrent writers in any process see exactly one winner. @internal
 */
export function sqliteBranchRecords({ database, write, read }: SqliteTransactions): Required<Pick<SessionStore, 'saveBranch' | 'loadBranches'>> & { deleteAll(key: SessionKey): void } {
  const where = 'WHERE tenant = ? AND session_id = ?';
  const version = database.prepare(`SELECT version FROM branches ${where} AND name = ?`);
  const upsert = database.prepare(
    'INSERT INTO branches (tenant, session_id, name, version, data) VALUES (?, ?, ?, ?, ?) ON CONFLICT (tenant, session_id, name) DO UPDATE SET version = excluded.version, data = excluded.data',
  );
  const all = database.prepare(`SELECT name, version, data FROM branches ${where} ORDER BY name`);
  const removeAll = database.prepare(`DELETE FROM branches ${where}`);
  return {
    async saveBranch(key, branch, { expectedVersion } = {}) {
      checkSessionKey(key);
      checkBranchRecord(branch);
      return write(key, () => {
        const current = (version.get(key.tenant, key.sessionId, branch.name) as { version: number } | undefined)?.version ?? 0;
        if (expectedVersion !== undefined && expectedVersion !== current) throw sessionConflictError(key, `branch "${branch.name}" is at version ${current}, the writer expected ${expectedVersion}`);
        upsert.run(key.tenant, key.sessionId, branch.name, current + 1, branch.data);
        return { version: current + 1 };
      });
    },
    /** Removes every branch record of the session; runs inside the store's `delete` transaction. */
    deleteAll(key) {
      removeAll.run(key.tenant, key.sessionId);
    },
    async loadBranches(key) {
      checkSessionKey(key);
      return read(key, () =>
        (all.all(key.tenant, key.sessionId) as { name: unknown; version: unknown; data: unknown }[]).map((row): StoredBranch => {
          if (typeof row.name !== 'string' || typeof row.version !== 'number' || typeof row.data !== 'string') throw corruptSessionError(key, 'a branch row has the wrong column types');
          return { name: row.name, version: row.version, data: row.data };
        }),
      );
    },
  };
}
