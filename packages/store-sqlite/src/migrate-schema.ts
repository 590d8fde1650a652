import type { DatabaseSync } from 'node:sqlite';
import { CairnError } from '@cairn/core';
import { CRYSTALS_MIGRATION } from './sqlite-crystals.js';
import { PLAYBOOK_POOL_MIGRATION } from './sqlite-playbook-pool.js';

/**
 * The schema, one additive step per version: step `n` takes a database from version `n` to
 * `n + 1`. Steps only ever add (tables, columns, indexes), so a database written by an older
 * version keeps every row.
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE sessions (
     tenant TEXT NOT NULL,
     session_id TEXT NOT NULL,
     length INTEGER NOT NULL,
     PRIMARY KEY (tenant, session_id)
   ) WITHOUT ROWID;
   CREATE TABLE messages (
     tenant TEXT NOT NULL,
     session_id TEXT NOT NULL,
     position INTEGER NOT NULL,
     body TEXT NOT NULL,
     PRIMARY KEY (tenant, session_id, position)
   ) WITHOUT ROWID;
   CREATE TABLE states (
     tenant TEXT NOT NULL,
     session_id TEXT NOT NULL,
     version INTEGER NOT NULL,
     message_count INTEGER NOT NULL,
     data TEXT NOT NULL,
     PRIMARY KEY (tenant, session_id)
   ) WITHOUT ROWID;`,
  // 2: branch records (context sovereignty), one row per branch of a session.
  `CREATE TABLE branches (
     tenant TEXT NOT NULL,
     session_id TEXT NOT NULL,
     name TEXT NOT NULL,
     version INTEGER NOT NULL,
     data TEXT NOT NULL,
     PRIMARY KEY (tenant, session_id, name)
   ) WITHOUT ROWID;`,
  CRYSTALS_MIGRATION,
  // 4: the tenants' shared playbook bullets (playbook.share.pool).
  PLAYBOOK_POOL_MIGRATION,
];

/** The schema version this package writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Brings the database's schema to {@link SCHEMA_VERSION} in one write transaction (safe when
 * several processes open the same file at once). A database from a newer package is left alone.
 *
 * @returns The version the database had before.
 * @throws CairnError `INVALID_OPTIONS` when the database's schema is newer than this package's.
 */
export function migrateSchema(database: DatabaseSync, location: string): number {
  database.exec('BEGIN IMMEDIATE');
  try {
    database.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const row = database.prepare('SELECT version FROM schema_version').get() as { version: number } | undefined;
    const from = row?.version ?? 0;
    if (!Number.isInteger(from) || from > SCHEMA_VERSION || from < 0) {
      throw new CairnError({
        code: 'INVALID_OPTIONS',
        message: `The cairn database at ${location} has schema version ${String(from)}, but this @cairn/store-sqlite reads up to version ${SCHEMA_VERSION}. Upgrade @cairn/store-sqlite; nothing was changed.`,
        details: { location, schemaVersion: from, supported: SCHEMA_VERSION },
      });
    }
    for (let version = from; version < SCHEMA_VERSION; version++) database.exec(MIGRATIONS[version]!);
    if (row === undefined) database.prepare('INSERT INTO schema_version (version) VALUES (?)').run(SCHEMA_VERSION);
    else if (from !== SCHEMA_VERSION) database.prepare('UPDATE schema_version SET version = ?').run(SCHEMA_VERSION);
    database.exec('COMMIT');
    return from;
  } catch (error) {
    database.exec('ROLLBACK');
    throw error;
  }
}
