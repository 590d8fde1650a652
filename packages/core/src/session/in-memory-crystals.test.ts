import { describe, expect, it } from 'vitest';
import { describeCrystalStoreConformance } from '../testing/crystal-store-conformance.js';
import { createInMemorySessionStore } from './in-memory-session-store.js';
import { crystalStore, storeCrystal } from './session-crystals.js';
import { createContextEngine } from '../engine/index.js';

describeCrystalStoreConformance('in-memory', { createStore: () => createInMemorySessionStore() });

describe('stores without crystals', () => {
  it('are refused with a typed error (third-party stores keep compiling and working)', async () => {
    const { saveCrystal: _save, ...rest } = createInMemorySessionStore();
    expect(() => crystalStore(rest)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    const engine = createContextEngine({ sessionId: 'chat-1' });
    engine.ingest({ id: 'u', role: 'user', content: 'hi' });
    await expect(storeCrystal(rest, { tenant: 'acme', sessionId: 'chat-1' }, engine.crystallize())).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
  });
});
