import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CairnError, openSession, type SessionKey } from '@cairn/core';
import { createSampleMessages } from '@cairn/core/testing';
import { createSqliteSessionStore } from './create-sqlite-session-store.js';
import { tempFolder } from './test-support/temp-database.js';

const folder = tempFolder();
afterAll(() => folder.remove());

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

/** An hour ago: an empty file that old is not one another process is creating right now. */
function age(path: string): void {
  const past = new Date(Date.now() - 3_600_000);
  utimesSync(path, past, past);
}

describe('a damaged SQLite file', () => {
  it('refuses a 0-byte file (a truncated database) instead of opening it as an empty store, and leaves it alone', () => {
    const path = folder.path('truncated.db');
    writeFileSync(path, '');
    age(path);
    const error = thrownBy(() => createSqliteSessionStore({ path }));
    expect(CairnError.isInstance(error) && error.code).toBe('CORRUPT_SESSION');
    expect((error as CairnError).message).toContain(path);
    expect((error as CairnError).details).toMatchObject({ location: path });
    expect(statSync(path).size).toBe(0);
  });

  it('refuses a file that is not an SQLite database with a typed error, and leaves it alone', () => {
    const path = folder.path('not-a-database.db');
    const garbage = 'these bytes were never an SQLite database. '.repeat(200);
    writeFileSync(path, garbage);
    const error = thrownBy(() => createSqliteSessionStore({ path }));
    expect(CairnError.isInstance(error) && error.code).toBe('CORRUPT_SESSION');
    expect((error as CairnError).message).toMatch(/not a database/);
    expect(readFileSync(path, 'utf8')).toBe(garbage);
  });

  it('reports a damaged page as CORRUPT_SESSION naming the session (not a raw "malformed" error); a session on other pages still opens', async () => {
    const path = folder.path('damaged-page.db');
    const damaged: SessionKey = { tenant: 'acme', sessionId: 'chat-1' };
    const healthy: SessionKey = { tenant: 'zeta', sessionId: 'chat-2' };
    const first = createSqliteSessionStore({ path });
    await first.append(damaged, createSampleMessages(60, { prefix: 'dmg', size: 900 }).map((message, index) => (index === 30 ? { ...message, content: 'PAGE-MARKER-4711 '.repeat(4) } : message)));
    await first.append(healthy, createSampleMessages(4, { prefix: 'ok' }));
    await first.close();

    // Break the header of the b-tree page holding the marker (the WAL was checkpointed on close).
    const bytes = readFileSync(path);
    const pageSize = bytes.readUInt16BE(16);
    const marker = bytes.indexOf('PAGE-MARKER-4711');
    expect(marker).toBeGreaterThan(0);
    const page = Math.floor(marker / pageSize) * pageSize;
    bytes.fill(0xff, page, page + 12);
    writeFileSync(path, bytes);

    const store = createSqliteSessionStore({ path });
    const error = await rejectionOf(store.load(damaged));
    expect(CairnError.isInstance(error) && error.code).toBe('CORRUPT_SESSION');
    expect((error as CairnError).details).toMatchObject({ tenant: 'acme', sessionId: 'chat-1' });
    expect((error as CairnError).message).toMatch(/damaged/);
    expect(CairnError.isInstance(await rejectionOf(openSession({ store, ...damaged })))).toBe(true);
    expect((await store.load(healthy))?.messages).toHaveLength(4);
    await store.close();
  });
});
