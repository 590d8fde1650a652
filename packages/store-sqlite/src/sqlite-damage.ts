import { statSync } from 'node:fs';
import { CairnError, corruptSessionError, type SessionKey } from '@cairn/core';

/** SQLite's primary result codes for a damaged file: `SQLITE_CORRUPT` and `SQLITE_NOTADB`. */
const DAMAGE_CODES = new Set([11, 26]);

/** How old an empty database file must be before it counts as truncated rather than being created by another process. */
export const FRESH_FILE_MS = 1_000;

/**
 * True when `error` is node:sqlite's report of a damaged file ("database disk image is
 * malformed", "file is not a database"), extended result codes included.
 * @internal
 */
export function isSqliteDamage(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && DAMAGE_CODES.has(errcode & 0xff);
}

/**
 * The refusal to open a damaged file: `CairnError` `CORRUPT_SESSION` naming the file
 * (`details.location`), as no one session is at fault.
 * @internal
 */
export function damagedFileError(location: string, problem: string, cause?: unknown): CairnError {
  return new CairnError({
    code: 'CORRUPT_SESSION',
    message: `The cairn database at ${location} cannot be opened: ${problem}. Nothing was changed; restore the file from a backup, or move it away to start an empty store.`,
    details: { location, problem },
    cause,
  });
}

/**
 * Rethrows a damaged-file error from SQLite as `CORRUPT_SESSION` naming the session (or the
 * tenant, for `list`); any other error as it is.
 * @internal
 */
export function rethrowDamage(scope: SessionKey | { readonly tenant: string }, error: unknown): never {
  if (!isSqliteDamage(error)) throw error;
  const problem = `the database file is damaged where this data lies (SQLite: ${(error as Error).message})`;
  if ('sessionId' in scope) throw corruptSessionError(scope, problem, error);
  throw new CairnError({
    code: 'CORRUPT_SESSION',
    message: `The sessions of tenant "${scope.tenant}" cannot be listed: ${problem}. Restore the file from a backup.`,
    details: { tenant: scope.tenant, problem },
    cause: error,
  });
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Refuses an existing 0-byte file: SQLite would open it as an empty database, silently replacing
 * a truncated store with a fresh one. A file another process is creating is empty for a moment
 * (until it writes the header), so an empty file younger than {@link FRESH_FILE_MS} is watched
 * until it is that old.
 * @throws CairnError `CORRUPT_SESSION` (see {@link damagedFileError}).
 * @internal
 */
export function refuseEmptyFile(path: string): void {
  if (path === ':memory:' || path.startsWith('file:')) return;
  let stat = statSync(path, { throwIfNoEntry: false });
  while (stat !== undefined && stat.size === 0 && Date.now() - stat.mtimeMs < FRESH_FILE_MS) {
    sleep(20);
    stat = statSync(path, { throwIfNoEntry: false });
  }
  if (stat !== undefined && stat.isFile() && stat.size === 0) {
    throw damagedFileError(path, 'the file is empty (0 bytes), as a truncated database would be');
  }
}
