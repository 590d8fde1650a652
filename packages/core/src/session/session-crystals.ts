import { CairnError } from '../log/index.js';
import { checkCrystal, reapableCrystals, type Crystal } from '../sovereignty/index.js';
import { checkSessionKey } from './check-session-key.js';
import type { SessionKey, SessionStore, StoredCrystal, StoredCrystalInfo } from './session-store.js';

/** A store that keeps crystals (every crystal method present). */
export type CrystalSessionStore = SessionStore & Required<Pick<SessionStore, 'saveCrystal' | 'loadCrystal' | 'listCrystals' | 'cherishCrystal' | 'deleteCrystal' | 'reapCrystals'>>;

const CRYSTAL_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Checks a crystal id (1–128 characters of `[A-Za-z0-9._:-]`): stores build keys from it.
 * @throws CairnError `INVALID_OPTIONS`
 */
export function checkCrystalId(id: unknown): string {
  if (typeof id !== 'string' || !CRYSTAL_ID.test(id)) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid crystal id ${JSON.stringify(String(id)).slice(0, 80)}: expected 1–128 characters of [A-Za-z0-9._:-], as crystallize() makes them.`, details: { id: typeof id === 'string' ? id.slice(0, 140) : typeof id } });
  }
  return id;
}

/**
 * Checks what a store is asked to save (the fields it indexes); shared by stores.
 * @throws CairnError `INVALID_OPTIONS`
 */
export function checkStoredCrystal(record: StoredCrystal): StoredCrystal {
  if (typeof record !== 'object' || record === null) throw new CairnError({ code: 'INVALID_OPTIONS', message: 'saveCrystal needs { id, createdAt, ttlMs, pinned, data }.' });
  checkCrystalId(record.id);
  if (!Number.isFinite(record.createdAt) || !Number.isFinite(record.ttlMs) || record.ttlMs <= 0 || typeof record.pinned !== 'boolean' || typeof record.data !== 'string') {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: 'saveCrystal needs { id, createdAt: a number, ttlMs: a positive number, pinned: a boolean, data: a string }.', details: { id: record.id } });
  }
  return record;
}

/** The ids a store's reaper removes from these records at `now` (unpinned, past their TTL). */
export function crystalsToReap(records: readonly StoredCrystalInfo[], now: number): string[] {
  if (typeof now !== 'number' || !Number.isFinite(now)) throw new CairnError({ code: 'INVALID_OPTIONS', message: `reapCrystals: now must be a finite number (the clock crystals were made with), got ${String(now)}.` });
  return reapableCrystals(records, now);
}

/**
 * The store's crystal methods, or a typed error when it keeps none.
 * @throws CairnError `INVALID_OPTIONS`
 */
export function crystalStore(store: SessionStore): CrystalSessionStore {
  const methods = ['saveCrystal', 'loadCrystal', 'listCrystals', 'cherishCrystal', 'deleteCrystal', 'reapCrystals'] as const;
  if (typeof store !== 'object' || store === null || methods.some((name) => typeof store[name] !== 'function')) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: 'This session store keeps no crystals (it lacks saveCrystal / loadCrystal / listCrystals / cherishCrystal / deleteCrystal / reapCrystals). Use the in-memory, SQLite or Redis store.' });
  }
  return store as CrystalSessionStore;
}

function foreign(crystal: Crystal, key: SessionKey): CairnError {
  return new CairnError({
    code: 'CORRUPT_CRYSTAL',
    message: `Crystal ${crystal.id} belongs to session "${crystal.scope.tenant ?? '(no tenant)'}/${crystal.scope.sessionId}", not "${key.tenant}/${key.sessionId}"; crystals are kept under their own session.`,
    details: { id: crystal.id, reason: 'foreign' },
  });
}

/**
 * Keeps a crystal in the store under its session (each crystal its own record: the history of
 * checkpoints, never one overwritten state). The crystal is checked first; a bad one stores nothing.
 *
 * @returns The crystal as stored (scoped to the key's tenant when it had none).
 * @throws CairnError `INVALID_OPTIONS` (a store without crystals), `CORRUPT_CRYSTAL` (damaged,
 *   or of another tenant or session), `INVALID_SESSION_KEY`
 */
export async function storeCrystal(store: SessionStore, key: SessionKey, crystal: Crystal): Promise<Crystal> {
  const crystals = crystalStore(store);
  checkSessionKey(key);
  const checked = checkCrystal(crystal, { tenant: key.tenant });
  if (checked.scope.sessionId !== key.sessionId) throw foreign(checked, key);
  await crystals.saveCrystal(key, { id: checkCrystalId(checked.id), createdAt: checked.createdAt, ttlMs: checked.ttlMs, pinned: checked.pinned, data: JSON.stringify(checked) });
  return checked;
}

/**
 * A stored crystal, checked: intact, of this tenant and session, with the store's pin.
 * @throws CairnError `UNKNOWN_CRYSTAL` (never stored, reaped or deleted), `CORRUPT_CRYSTAL`
 *   (damaged, or another session's), `INVALID_OPTIONS` (a bad id or a store without crystals)
 */
export async function loadCrystal(store: SessionStore, key: SessionKey, id: string): Promise<Crystal> {
  const crystals = crystalStore(store);
  checkSessionKey(key);
  checkCrystalId(id);
  const record = await crystals.loadCrystal(key, id);
  if (!record) {
    throw new CairnError({ code: 'UNKNOWN_CRYSTAL', message: `No crystal "${id}" in session "${key.tenant}/${key.sessionId}": it was never stored there, or it expired and was reaped. List the session's crystals with listCrystals.`, details: { id, tenant: key.tenant, sessionId: key.sessionId } });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(record.data);
  } catch (error) {
    throw new CairnError({ code: 'CORRUPT_CRYSTAL', message: `Crystal "${id}" in session "${key.tenant}/${key.sessionId}" is not valid JSON in the store.`, details: { id }, cause: error });
  }
  const crystal = checkCrystal(parsed, { tenant: key.tenant });
  if (crystal.id !== id || crystal.scope.sessionId !== key.sessionId) throw foreign(crystal, key);
  return { ...crystal, pinned: record.pinned };
}

