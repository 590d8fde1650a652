import type { DatabaseSync } from 'node:sqlite';
import { CairnError, checkTenant, PLAYBOOK_POOL_MAX_BULLETS, SECTION_SLUGS, type PlaybookPool, type PlaybookSection, type SharedBullet } from '@cairn/core';

/**
 * Schema step that adds the tenants' shared playbook bullets: one row per (tenant, section,
 * text), ordered by a per-tenant sequence (the latest publish is the newest).
 */
export const PLAYBOOK_POOL_MIGRATION = `CREATE TABLE playbook_pool (
     tenant TEXT NOT NULL,
     section TEXT NOT NULL,
     content TEXT NOT NULL,
     helpful INTEGER NOT NULL,
     harmful INTEGER NOT NULL,
     session_id TEXT NOT NULL,
     seq INTEGER NOT NULL,
     PRIMARY KEY (tenant, section, content)
   ) WITHOUT ROWID;
   CREATE INDEX playbook_pool_order ON playbook_pool (tenant, seq);`;

type Run = <T>(scope: { readonly tenant: string }, work: () => T) => T;

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** Checks a bullet before it is written. */
function checkBullet(bullet: SharedBullet): void {
  if (typeof bullet !== 'object' || bullet === null || !(bullet.section in SECTION_SLUGS) || typeof bullet.content !== 'string' || bullet.content === '' || !isCount(bullet.helpful) || !isCount(bullet.harmful) || typeof bullet.sessionId !== 'string') {
    throw new CairnError({ code: 'INVALID_MESSAGE', message: 'A shared bullet needs { section, content: a non-empty string, helpful and harmful: whole numbers from 0, sessionId: a string }.' });
  }
}

interface Row {
  section: unknown;
  content: unknown;
  helpful: unknown;
  harmful: unknown;
  sessionId: unknown;
}

/** A row as a bullet; a row with wrong column types (a damaged or hand-edited file) is left out. */
function toBullet(row: Row): SharedBullet[] {
  if (typeof row.section !== 'string' || !(row.section in SECTION_SLUGS) || typeof row.content !== 'string' || !isCount(row.helpful) || !isCount(row.harmful) || typeof row.sessionId !== 'string') return [];
  return [{ section: row.section as PlaybookSection, content: row.content, helpful: row.helpful, harmful: row.harmful, sessionId: row.sessionId }];
}

/**
 * The tenants' shared playbook bullets on SQLite (`playbook.share.pool`): a row per bullet keyed
 * by (tenant, section, text), written in the store's transactions, at most
 * {@link PLAYBOOK_POOL_MAX_BULLETS} per tenant (the oldest publish goes first), as the in-memory
 * pool. Every process that opens the file shares them; a tenant only ever reads its own rows.
 * @internal
 */
export function createSqlitePlaybookPool(database: DatabaseSync, read: Run, write: Run): PlaybookPool {
  const statements = {
    nextSeq: database.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM playbook_pool WHERE tenant = ?'),
    upsert: database.prepare(
      'INSERT INTO playbook_pool (tenant, section, content, helpful, harmful, session_id, seq) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tenant, section, content) DO UPDATE SET helpful = excluded.helpful, harmful = excluded.harmful, session_id = excluded.session_id, seq = excluded.seq',
    ),
    cut: database.prepare('SELECT seq FROM playbook_pool WHERE tenant = ? ORDER BY seq DESC LIMIT 1 OFFSET ?'),
    prune: database.prepare('DELETE FROM playbook_pool WHERE tenant = ? AND seq <= ?'),
    list: database.prepare('SELECT section, content, helpful, harmful, session_id AS sessionId FROM playbook_pool WHERE tenant = ? ORDER BY seq'),
  };
  return {
    publish(tenant, bullet) {
      checkTenant(tenant);
      checkBullet(bullet);
      write({ tenant }, () => {
        const { seq } = statements.nextSeq.get(tenant) as { seq: number };
        statements.upsert.run(tenant, bullet.section, bullet.content, bullet.helpful, bullet.harmful, bullet.sessionId, seq);
        const cut = statements.cut.get(tenant, PLAYBOOK_POOL_MAX_BULLETS) as { seq: number } | undefined;
        if (cut) statements.prune.run(tenant, cut.seq);
      });
    },
    list(tenant) {
      checkTenant(tenant);
      return read({ tenant }, () => (statements.list.all(tenant) as unknown as Row[]).flatMap(toBullet));
    },
  };
}
