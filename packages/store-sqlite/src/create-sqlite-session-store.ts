import { DatabaseSync, type StatementSync } from 'node:sqlite';
import {
  CairnError,
  checkSessionKey,
  checkSessionTenant,
  corruptSessionError,
  DEFAULT_LIST_LIMIT,
  decodeStoredMessage,
  encodeStoredMessage,
  sessionConflictError,
  type CairnMessage,
  type LoadedSession,
  type SessionKey,
  type SessionStore,
  type StoredState,
} from '@cairn/core';
import { migrateSchema } from './migrate-schema.js';
import { createSqlitePlaybookPool } from './sqlite-playbook-pool.js';
import { sqliteBranchRecords } from './sqlite-branch-records.js';
import { createSqliteCrystals } from './sqlite-crystals.js';
import { damagedFileError, isSqliteDamage, refuseEmptyFile, rethrowDamage } from './sqlite-damage.js';

/** How long a write waits for another process's write lock, in milliseconds. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5_000;
/** SQLite's `synchronous` setting: with WAL, `NORMAL` survives process crashes; `FULL` also power loss. */
export const DEFAULT_SYNCHRONOUS = 'NORMAL';

/** Options for {@link createSqliteSessionStore}: give `path` or `database`. */
export interface SqliteSessionStoreOptions {
  /** The database file (created when missing; many sessions share it). `':memory:'` for a throwaway one. */
  path?: string;
  /** An open `node:sqlite` database to use instead of `path`; the store does not close it. */
  database?: DatabaseSync;
  /** How long a write waits for another process's lock, in ms. @default DEFAULT_BUSY_TIMEOUT_MS (5000) */
  busyTimeoutMs?: number;
  /** `NORMAL` (WAL: every acknowledged append survives a process crash) or `FULL` (also a power loss, slower). @default DEFAULT_SYNCHRONOUS ('NORMAL') */
  synchronous?: 'NORMAL' | 'FULL';
}

/** A {@link SessionStore} on SQLite; `close()` releases the file (when the store opened it). */
export interface SqliteSessionStore extends SessionStore {
  close(): Promise<void>;
  /**
   * The tenants' shared playbook bullets in the same file, for the engine's opt-in
   * `playbook: { share: { pool: store.playbookPool, tenant } }`: durable, shared by every process
   * that opens the file, bounded per tenant; a tenant never reads another's.
   */
  readonly playbookPool: import('@cairn/core').PlaybookPool;
}

interface Statements {
  length: StatementSync;
  createSession: StatementSync;
  setLength: StatementSync;
  insertMessage: StatementSync;
  messages: StatementSync;
  messagesFrom: StatementSync;
  state: StatementSync;
  upsertState: StatementSync;
  list: StatementSync;
  deleteSession: StatementSync;
  deleteMessages: StatementSync;
  deleteState: StatementSync;
}

function invalid(message: string, details: Record<string, unknown> = {}): CairnError {
  return new CairnError({ code: 'INVALID_OPTIONS', message: `createSqliteSessionStore: ${message}`, details });
}

function prepareStatements(database: DatabaseSync): Statements {
  const where = 'WHERE tenant = ? AND session_id = ?';
  return {
    length: database.prepare(`SELECT length FROM sessions ${where}`),
    createSession: database.prepare('INSERT INTO sessions (tenant, session_id, length) VALUES (?, ?, 0)'),
    setLength: database.prepare(`UPDATE sessions SET length = ? ${where}`),
    insertMessage: database.prepare('INSERT INTO messages (tenant, session_id, position, body) VALUES (?, ?, ?, ?)'),
    messages: database.prepare(`SELECT position, body FROM messages ${where} ORDER BY position`),
    messagesFrom: database.prepare(`SELECT position, body FROM messages ${where} AND position >= ? ORDER BY position`),
    state: database.prepare(`SELECT version, message_count AS messageCount, data FROM states ${where}`),
    upsertState: database.prepare(
      'INSERT INTO states (tenant, session_id, version, message_count, data) VALUES (?, ?, ?, ?, ?) ON CONFLICT (tenant, session_id) DO UPDATE SET version = excluded.version, message_count = excluded.message_count, data = excluded.data',
    ),
    list: database.prepare('SELECT session_id AS sessionId FROM sessions WHERE tenant = ? AND session_id > ? ORDER BY session_id LIMIT ?'),
    deleteSession: database.prepare(`DELETE FROM sessions ${where}`),
    deleteMessages: database.prepare(`DELETE FROM messages ${where}`),
    deleteState: database.prepare(`DELETE FROM states ${where}`),
  };
}

/**
 * The embedded cairn {@link SessionStore}, on Node's built-in `node:sqlite` (no native add-on):
 * one WAL-mode file holds many sessions, every row is keyed by (tenant, session id), appends
 * insert one row per message in one transaction (never rewriting the session), the state is
 * one row per session with a version checked in the same transaction, and the schema is
 * versioned with additive migrations. Several processes may share the file.
 *
 * @param options - `path` (or an open `database`), lock timeout, durability.
 * @returns The store; `close()` it when done.
 * @throws CairnError `INVALID_OPTIONS` for bad options, or a database whose schema is newer than this package;
 *   `CORRUPT_SESSION` (with `details.location`) for a 0-byte file or one that is not an SQLite database.
 *
 * @example
 * ```ts
 * const store = createSqliteSessionStore({ path: './sessions.db' });
 * const session = await openSession({ store, tenant: 'acme', sessionId: 'chat-42' });
 * ```
 */
export function createSqliteSessionStore({
  path,
  database: given,
  busyTimeoutMs = DEFAULT_BUSY_TIMEOUT_MS,
  synchronous = DEFAULT_SYNCHRONOUS,
}: SqliteSessionStoreOptions): SqliteSessionStore {
  if ((path === undefined) === (given === undefined)) throw invalid('pass exactly one of `path` (a file) and `database` (an open DatabaseSync).');
  if (path !== undefined && (typeof path !== 'string' || path.length === 0)) throw invalid('`path` must be a non-empty string.', { path });
  if (!Number.isInteger(busyTimeoutMs) || busyTimeoutMs < 0) throw invalid(`busyTimeoutMs must be a non-negative integer, got ${String(busyTimeoutMs)}.`);
  if (synchronous !== 'NORMAL' && synchronous !== 'FULL') throw invalid(`synchronous must be 'NORMAL' or 'FULL', got ${JSON.stringify(synchronous)}.`);
  if (path !== undefined) refuseEmptyFile(path);
  const location = path ?? 'the given database';
  let database: DatabaseSync;
  try {
    database = given ?? new DatabaseSync(path!);
  } catch (error) {
    if (isSqliteDamage(error)) throw damagedFileError(location, (error as Error).message, error);
    throw error;
  }
  try {
    database.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    database.exec('PRAGMA journal_mode = WAL');
    database.exec(`PRAGMA synchronous = ${synchronous}`);
    migrateSchema(database, location);
  } catch (error) {
    if (!given) database.close();
    if (isSqliteDamage(error)) throw damagedFileError(location, (error as Error).message, error);
    throw error;
  }
  const statements = prepareStatements(database);
  let closed = false;

  /** Ends a transaction after a failure; a damaged file may refuse even that (the error that matters is the first). */
  function rollback(): void {
    try {
      if (database.isTransaction) database.exec('ROLLBACK');
    } catch {
      // Keep the original error.
    }
  }

  /**
   * Runs `work` in a write transaction (taken at once, so the read-check-write is atomic across
   * processes). SQLite's damaged-file errors become `CORRUPT_SESSION` naming `scope`.
   */
  function write<T>(scope: SessionKey | { readonly tenant: string }, work: () => T): T {
    if (closed) throw invalid('the store is closed.');
    try {
      database.exec('BEGIN IMMEDIATE');
      const result = work();
      database.exec('COMMIT');
      return result;
    } catch (error) {
      rollback();
      return rethrowDamage(scope, error);
    }
  }

  /** Runs `work` in a read transaction (one consistent snapshot of the file); damage as in `write`. */
  function read<T>(scope: SessionKey | { readonly tenant: string }, work: () => T): T {
    if (closed) throw invalid('the store is closed.');
    try {
      database.exec('BEGIN');
      const result = work();
      database.exec('COMMIT');
      return result;
    } catch (error) {
      rollback();
      return rethrowDamage(scope, error);
    }
  }

  const { deleteAll: deleteCrystals, ...crystals } = createSqliteCrystals(database, read, write);
  const { deleteAll: deleteBranches, ...branches } = sqliteBranchRecords({ database, write, read });
  const playbookPool = createSqlitePlaybookPool(database, read, write);

  function lengthOf(key: SessionKey): number | undefined {
    const row = statements.length.get(key.tenant, key.sessionId) as { length: number } | undefined;
    return row?.length;
  }

  function ensureSession(key: SessionKey): number {
    const length = lengthOf(key);
    if (length !== undefined) return length;
    statements.createSession.run(key.tenant, key.sessionId);
    return 0;
  }

  /** Decodes message rows that should sit at positions `from`, `from + 1`, …, `length - 1`. */
  function decodeRows(key: SessionKey, rows: readonly { position: number; body: unknown }[], from: number, length: number): CairnMessage[] {
    if (rows.length !== length - from) throw corruptSessionError(key, `it should hold ${length} messages but has ${rows.length + from} rows`);
    return rows.map((row, offset) => {
      if (row.position !== from + offset) throw corruptSessionError(key, `message row ${from + offset} has position ${String(row.position)}`);
      return decodeStoredMessage(key, row.body, from + offset);
    });
  }

  /** The session's state row, checked. */
  function stateOf(key: SessionKey): StoredState | undefined {
    const state = statements.state.get(key.tenant, key.sessionId) as { version: unknown; messageCount: unknown; data: unknown } | undefined;
    if (state && (typeof state.version !== 'number' || typeof state.messageCount !== 'number' || typeof state.data !== 'string')) {
      throw corruptSessionError(key, 'its state row has the wrong column types');
    }
    return state && { version: state.version as number, messageCount: state.messageCount as number, data: state.data as string };
  }

  return {
    playbookPool,
    ...branches,

    ...crystals,
    async loadTail(key, from) {
      checkSessionKey(key);
      if (typeof from !== 'number' || !Number.isSafeInteger(from) || from < 0) {
        throw new CairnError({ code: 'INVALID_OPTIONS', message: `loadTail: from must be a non-negative integer, got ${String(from)}.`, details: { from } });
      }
      return read(key, () => {
        const length = lengthOf(key);
        if (length === undefined) return undefined;
        if (from >= length) return { length, messages: [], state: stateOf(key) };
        const rows = statements.messagesFrom.all(key.tenant, key.sessionId, from) as { position: number; body: unknown }[];
        return { length, messages: decodeRows(key, rows, from, length), state: stateOf(key) };
      });
    },

    async load(key): Promise<LoadedSession | undefined> {
      checkSessionKey(key);
      return read(key, () => {
        const length = lengthOf(key);
        if (length === undefined) return undefined;
        const rows = statements.messages.all(key.tenant, key.sessionId) as { position: number; body: unknown }[];
        const messages = decodeRows(key, rows, 0, length);
        return { key: { tenant: key.tenant, sessionId: key.sessionId }, messages, state: stateOf(key) };
      });
    },

    async append(key, messages, { expectedLength } = {}) {
      checkSessionKey(key);
      const bodies = messages.map(encodeStoredMessage);
      return write(key, () => {
        const length = lengthOf(key) ?? 0;
        if (expectedLength !== undefined && expectedLength !== length) throw sessionConflictError(key, `the log has ${length} messages, the writer expected ${expectedLength}`);
        if (bodies.length === 0) return { length };
        ensureSession(key);
        bodies.forEach((body, offset) => statements.insertMessage.run(key.tenant, key.sessionId, length + offset, body));
        statements.setLength.run(length + bodies.length, key.tenant, key.sessionId);
        return { length: length + bodies.length };
      });
    },

    async saveState(key, state, { expectedVersion } = {}) {
      checkSessionKey(key);
      if (typeof state !== 'object' || state === null || !Number.isInteger(state.messageCount) || state.messageCount < 0 || typeof state.data !== 'string') {
        throw new CairnError({ code: 'INVALID_OPTIONS', message: 'saveState needs { messageCount: a non-negative integer, data: a string }.' });
      }
      return write(key, () => {
        const current = statements.state.get(key.tenant, key.sessionId) as { version: number } | undefined;
        const version = current?.version ?? 0;
        if (expectedVersion !== undefined && expectedVersion !== version) throw sessionConflictError(key, `the state is at version ${version}, the writer expected ${expectedVersion}`);
        const length = ensureSession(key);
        if (state.messageCount > length) throw sessionConflictError(key, `the state covers ${state.messageCount} messages, the log has ${length}`);
        statements.upsertState.run(key.tenant, key.sessionId, version + 1, state.messageCount, state.data);
        return { version: version + 1 };
      });
    },

    async list(tenant, { after, limit } = {}) {
      checkSessionTenant(tenant);
      const size = limit ?? DEFAULT_LIST_LIMIT;
      if (!Number.isInteger(size) || size < 1) throw new CairnError({ code: 'INVALID_OPTIONS', message: `list: limit must be a positive integer, got ${String(limit)}.`, details: { limit } });
      if (after !== undefined && typeof after !== 'string') throw new CairnError({ code: 'INVALID_OPTIONS', message: 'list: after must be a session id.' });
      const rows = read({ tenant }, () => statements.list.all(tenant, after ?? '', size + 1) as { sessionId: string }[]);
      const sessionIds = rows.slice(0, size).map((row) => row.sessionId);
      return rows.length > size ? { sessionIds, next: sessionIds[sessionIds.length - 1]! } : { sessionIds };
    },

    async delete(key) {
      checkSessionKey(key);
      return write(key, () => {
        const existed = Number(statements.deleteSession.run(key.tenant, key.sessionId).changes) > 0;
        statements.deleteMessages.run(key.tenant, key.sessionId);
        statements.deleteState.run(key.tenant, key.sessionId);
        deleteCrystals(key);
        deleteBranches(key);
        return existed;
      });
    },

    async close() {
      if (closed) return;
      closed = true;
      if (!given) database.close();
    },
  };
}
