import { checkSessionKey } from './check-session-key.js';
import { checkCrystalId, checkStoredCrystal, crystalsToReap } from './session-crystals.js';
import type { SessionKey, SessionStore, StoredCrystal, StoredCrystalInfo } from './session-store.js';

/** The crystal methods of the in-memory store, and the hook its `delete` calls. @internal */
export interface MemoryCrystals extends Required<Pick<SessionStore, 'saveCrystal' | 'loadCrystal' | 'listCrystals' | 'cherishCrystal' | 'deleteCrystal' | 'reapCrystals'>> {
  /** Drops every crystal of a session (the session was deleted). */
  forget(key: SessionKey): void;
}

const scope = (key: SessionKey): string => `${key.tenant}\u0000${key.sessionId}`;
const info = ({ id, createdAt, ttlMs, pinned }: StoredCrystal): StoredCrystalInfo => ({ id, createdAt, ttlMs, pinned });
const order = (a: StoredCrystalInfo, b: StoredCrystalInfo): number => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Crystals kept in memory, one record per crystal, scoped by tenant and session. @internal */
export function createMemoryCrystals(): MemoryCrystals {
  const sessions = new Map<string, Map<string, StoredCrystal>>();
  const of = (key: SessionKey): Map<string, StoredCrystal> | undefined => sessions.get(scope(key));
  return {
    async saveCrystal(key, crystal) {
      checkSessionKey(key);
      const record = checkStoredCrystal(crystal);
      const crystals = of(key) ?? new Map<string, StoredCrystal>();
      sessions.set(scope(key), crystals);
      const pinned = record.pinned || crystals.get(record.id)?.pinned === true;
      crystals.set(record.id, { id: record.id, createdAt: record.createdAt, ttlMs: record.ttlMs, pinned, data: record.data });
    },
    async loadCrystal(key, id) {
      checkSessionKey(key);
      checkCrystalId(id);
      const record = of(key)?.get(id);
      return record && { ...record };
    },
    async listCrystals(key) {
      checkSessionKey(key);
      return [...(of(key)?.values() ?? [])].map(info).sort(order);
    },
    async cherishCrystal(key, id) {
      checkSessionKey(key);
      checkCrystalId(id);
      const crystals = of(key);
      const record = crystals?.get(id);
      if (!crystals || !record) return false;
      crystals.set(id, { ...record, pinned: true });
      return true;
    },
    async deleteCrystal(key, id) {
      checkSessionKey(key);
      checkCrystalId(id);
      return of(key)?.delete(id) ?? false;
    },
    async reapCrystals(key, now) {
      checkSessionKey(key);
      const crystals = of(key);
      const ids = crystalsToReap([...(crystals?.values() ?? [])].map(info).sort(order), now);
      for (const id of ids) crystals!.delete(id);
      return ids;
    },
    forget(key) {
      sessions.delete(scope(key));
    },
  };
}
