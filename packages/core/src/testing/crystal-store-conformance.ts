import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CairnError, createCharTokenCounter } from '../log/index.js';
import { createContextEngine } from '../engine/index.js';
import { openSession, resumeSession, storeCrystal, loadCrystal, crystalStore } from '../session/index.js';
import type { SessionKey, SessionStore } from '../session/index.js';
import type { Crystal } from '../sovereignty/index.js';
import { createSampleMessages } from './create-sample-messages.js';

/** Options for {@link describeCrystalStoreConformance}. */
export interface CrystalStoreConformanceOptions {
  /** Makes a fresh, empty store; called before every test (closed after it when it has `close`). */
  createStore: () => SessionStore | Promise<SessionStore>;
  /**
   * Overwrites the stored data of one crystal with garbage, bypassing the store's checks. When
   * given, the suite checks that loading it throws `CORRUPT_CRYSTAL` and the others still load.
   */
  corruptCrystal?: (store: SessionStore, key: SessionKey, id: string) => Promise<void>;
}

const HOUR = 60 * 60 * 1000;

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (!CairnError.isInstance(error)) throw error;
    return error.code;
  }
}

/** A crystal of a small session, made at `at` (engine clock) with a task state that tells crystals apart. */
function makeCrystal(key: SessionKey, at: number, step: number, options: { ttlMs?: number } = {}): Crystal {
  const engine = createContextEngine({ sessionId: key.sessionId, tokenCounter: createCharTokenCounter(), now: () => at });
  engine.ingest(createSampleMessages(12, { prefix: key.sessionId }));
  return engine.crystallize({ tenant: key.tenant, taskState: { step }, ...options });
}

/**
 * Registers the conformance tests every store that keeps crystals must pass (vitest): history
 * (one record per crystal), round trip, cherish, the TTL reaper, delete, tenant and session
 * isolation, id validation, bad crystals refused with nothing stored lost, and resuming a session
 * (a reaped crystal is `UNKNOWN_CRYSTAL`).
 *
 * @example
 * ```ts
 * import { describeCrystalStoreConformance } from '@cairn/core/testing';
 * describeCrystalStoreConformance('sqlite', { createStore: () => createSqliteSessionStore({ path: ':memory:' }) });
 * ```
 */
export function describeCrystalStoreConformance(name: string, { createStore, corruptCrystal }: CrystalStoreConformanceOptions): void {
  describe(`crystal store conformance: ${name}`, () => {
    let store: SessionStore;
    const a: SessionKey = { tenant: 'acme', sessionId: 'chat-1' };
    const b: SessionKey = { tenant: 'acme', sessionId: 'chat-2' };
    const other: SessionKey = { tenant: 'globex', sessionId: 'chat-1' };

    beforeEach(async () => {
      store = await createStore();
    });
    afterEach(async () => {
      await store.close?.();
    });

    it('keeps every crystal (history, not one overwritten state) and hands each back intact', async () => {
      const first = await storeCrystal(store, a, makeCrystal(a, 1_000, 1));
      const second = await storeCrystal(store, a, makeCrystal(a, 2_000, 2));
      expect(first.id).not.toBe(second.id);
      expect(await loadCrystal(store, a, first.id)).toEqual(first);
      expect(await loadCrystal(store, a, second.id)).toEqual(second);
      expect(await crystalStore(store).listCrystals(a)).toEqual([
        { id: first.id, createdAt: 1_000, ttlMs: 24 * HOUR, pinned: false },
        { id: second.id, createdAt: 2_000, ttlMs: 24 * HOUR, pinned: false },
      ]);
      // Saving the same crystal again keeps one record.
      await storeCrystal(store, a, first);
      expect(await crystalStore(store).listCrystals(a)).toHaveLength(2);
    });

    it('cherishes a crystal so the reaper never removes it; reaps the others past their TTL', async () => {
      const old = await storeCrystal(store, a, makeCrystal(a, 0, 1));
      const kept = await storeCrystal(store, a, makeCrystal(a, 0, 2));
      const longer = await storeCrystal(store, a, makeCrystal(a, 0, 3, { ttlMs: 48 * HOUR }));
      expect(await crystalStore(store).cherishCrystal(a, kept.id)).toBe(true);
      expect(await crystalStore(store).cherishCrystal(a, 'crystal-missing')).toBe(false);
      expect(await crystalStore(store).reapCrystals(a, 23 * HOUR)).toEqual([]);
      expect(await crystalStore(store).reapCrystals(a, 24 * HOUR)).toEqual([old.id]);
      expect(await codeOf(loadCrystal(store, a, old.id))).toBe('UNKNOWN_CRYSTAL');
      expect((await loadCrystal(store, a, kept.id)).pinned).toBe(true);
      expect(await crystalStore(store).reapCrystals(a, 1_000 * HOUR)).toEqual([longer.id]);
      expect((await crystalStore(store).listCrystals(a)).map((record) => record.id)).toEqual([kept.id]);
      expect(await codeOf(crystalStore(store).reapCrystals(a, Number.NaN))).toBe('INVALID_OPTIONS');
    });

    it('scopes crystals by tenant and session; deleting a session deletes its crystals', async () => {
      const crystal = await storeCrystal(store, a, makeCrystal(a, 5, 1));
      expect(await codeOf(loadCrystal(store, b, crystal.id))).toBe('UNKNOWN_CRYSTAL');
      expect(await codeOf(loadCrystal(store, other, crystal.id))).toBe('UNKNOWN_CRYSTAL');
      // A crystal of one session or tenant is never stored under another.
      expect(await codeOf(storeCrystal(store, b, crystal))).toBe('CORRUPT_CRYSTAL');
      expect(await codeOf(storeCrystal(store, other, crystal))).toBe('CORRUPT_CRYSTAL');
      expect(await crystalStore(store).listCrystals(b)).toEqual([]);
      expect(await crystalStore(store).deleteCrystal(a, crystal.id)).toBe(true);
      expect(await crystalStore(store).deleteCrystal(a, crystal.id)).toBe(false);
      await storeCrystal(store, a, crystal);
      await store.append(a, createSampleMessages(2));
      await store.delete(a);
      expect(await crystalStore(store).listCrystals(a)).toEqual([]);
    });

    it('refuses bad ids, bad keys and damaged crystals with typed errors, losing nothing stored', async () => {
      const kept = await storeCrystal(store, a, makeCrystal(a, 7, 1));
      for (const id of ['', 'a/b', 'x'.repeat(129), "x'; DROP TABLE crystals; --", 42]) {
        expect(await codeOf(loadCrystal(store, a, id as string))).toBe('INVALID_OPTIONS');
        expect(await codeOf(crystalStore(store).cherishCrystal(a, id as string))).toBe('INVALID_OPTIONS');
      }
      expect(await codeOf(loadCrystal(store, { tenant: 'a b', sessionId: 'x' }, kept.id))).toBe('INVALID_SESSION_KEY');
      const tampered = { ...makeCrystal(a, 8, 2), taskState: { step: 99 } };
      expect(await codeOf(storeCrystal(store, a, tampered))).toBe('CORRUPT_CRYSTAL');
      expect(await codeOf(crystalStore(store).saveCrystal(a, { id: kept.id, createdAt: 1, ttlMs: -1, pinned: false, data: '{}' }))).toBe('INVALID_OPTIONS');
      expect(await loadCrystal(store, a, kept.id)).toEqual(kept);
      expect(await crystalStore(store).listCrystals(a)).toHaveLength(1);
    });

    it.skipIf(!corruptCrystal)('reports a damaged stored crystal as CORRUPT_CRYSTAL while the others still load', async () => {
      const damaged = await storeCrystal(store, a, makeCrystal(a, 1, 1));
      const fine = await storeCrystal(store, a, makeCrystal(a, 2, 2));
      await corruptCrystal!(store, a, damaged.id);
      expect(await codeOf(loadCrystal(store, a, damaged.id))).toBe('CORRUPT_CRYSTAL');
      expect(await loadCrystal(store, a, fine.id)).toEqual(fine);
    });

    it('resumes a new session from a stored crystal; a reaped crystal is UNKNOWN_CRYSTAL and stores nothing', async () => {
      const source = await openSession({ store, tenant: a.tenant, sessionId: a.sessionId, tokenCounter: createCharTokenCounter(), now: () => 0 });
      await source.ingest(createSampleMessages(20, { prefix: 'src' }));
      const kept = await storeCrystal(store, a, source.engine.crystallize({ tenant: a.tenant, taskState: { step: 4 } }));
      await source.close();
      const { session, crystal } = await resumeSession({ store, tenant: a.tenant, sessionId: 'chat-9', crystal: { sessionId: a.sessionId, id: kept.id }, tokenCounter: createCharTokenCounter() });
      expect(crystal.taskState).toEqual({ step: 4 });
      const messages = session.engine.getMessages();
      expect(messages.some((message) => message.id === `${kept.id}:summary`)).toBe(true);
      await session.close();
      const reopened = await openSession({ store, tenant: a.tenant, sessionId: 'chat-9', tokenCounter: createCharTokenCounter() });
      expect(reopened.engine.getMessages()).toEqual(messages);
      expect(reopened.engine.resourceClass(`${kept.id}:summary`)).toBe('required');
      await reopened.close();
      await crystalStore(store).reapCrystals(a, 48 * HOUR);
      expect(await codeOf(resumeSession({ store, tenant: a.tenant, sessionId: 'chat-10', crystal: { sessionId: a.sessionId, id: kept.id } }))).toBe('UNKNOWN_CRYSTAL');
      expect(await store.load({ tenant: a.tenant, sessionId: 'chat-10' })).toBeUndefined();
      expect(await codeOf(resumeSession({ store, tenant: other.tenant, sessionId: 'chat-11', crystal: { sessionId: a.sessionId, id: kept.id } }))).toBe('UNKNOWN_CRYSTAL');
    });
  });
}
